// Every link answers (./crawl.ts), for a manager, in English, on a desktop, on demo2.localhost.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['en'], ['desktop'], ['demo2.localhost']);
