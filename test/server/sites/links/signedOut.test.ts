// Every link answers (./crawl.ts), for a visitor who is signed out.
import { everyLinkAnswers } from './crawl';

everyLinkAnswers('signedOut');
