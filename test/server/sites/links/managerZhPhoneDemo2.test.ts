// Every link answers (./crawl.ts), for a manager, in Chinese, on a phone, on demo2.localhost.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['zh'], ['phone'], ['demo2.localhost']);
