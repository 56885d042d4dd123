// Every link answers (./crawl.ts), for a manager, in English, on a desktop.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['en'], ['desktop']);
