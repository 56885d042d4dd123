// Every link answers (./crawl.ts), for a manager, in Chinese, on a desktop.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['zh'], ['desktop']);
