// Every link answers (./crawl.ts), for a manager, in English, on a phone, on demo2.localhost.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['en'], ['phone'], ['demo2.localhost']);
