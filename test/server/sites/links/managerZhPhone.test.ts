// Every link answers (./crawl.ts), for a manager, in Chinese, on a phone.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['zh'], ['phone']);
