// Every link answers (./crawl.ts), for a manager, in Chinese.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('manager', ['zh']);
