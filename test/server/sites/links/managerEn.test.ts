// Every link answers (./crawl.ts), for a manager, in English.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['en']);
