// Every link answers (./crawl.ts), for a manager, in English, on a phone.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['en'], ['phone']);
