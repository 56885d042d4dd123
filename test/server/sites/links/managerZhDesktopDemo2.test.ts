// Every link answers (./crawl.ts), for a manager, in Chinese, on a desktop, on demo2.localhost.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['zh'], ['desktop'], ['demo2.localhost']);
