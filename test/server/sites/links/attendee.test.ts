// Every link answers (./crawl.ts), for an attendee.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('attendee');
