/**
 * Submissions (issue 15): the call for papers (config.ts), the author's manuscripts with their
 * authors and files (author.ts), one state machine for their status (states.ts), the managers'
 * list, details and downloads (desk.ts), and the book of abstracts (book.ts over the pure
 * generator in book/). The exports and the book are heavy work (work.ts), built in the platform's
 * pool of warm workers by the CPU tasks of tasks.ts. Peer review (issue 16) builds on the
 * 'submission.changed' event and the state machine's assign/decide moves.
 */
import { defineFeature } from '../../platform/feature';
import { submissionsPersonalData } from './personalData';
import { fileStoreFor } from '../../platform/s3Files';
import type { SubmissionStatus } from '../../contract/submissions';
import { SUBMISSION_SCREENS as S } from '../../contract/submissionsApi';
import { SubmissionAuthor } from './author';
import { BookService } from './book';
import { Choosing } from './choices';
import { SubmissionConfig } from './config';
import { SubmissionDesk } from './desk';
import { SubmissionFee } from './fee';
import { submissionsOverview } from './overview';
import { submissionsPageRouter } from './pages';
import { submissionsApiRouter } from './routes';
import { submissionWork, type SubmissionWork } from './work';

/** Whether a person has manuscripts and one is accepted (the hotels' authors rule). */
export { authorStanding, type AuthorStanding } from './standing';
/** For review's overview panel: the manuscripts as a derived table, and the sessions' titles (repo.ts). */
export { manuscriptsTable, sessionTitles } from './overviewRepo';
/** For the programme (issue 34): the accepted manuscripts with their authors, the sessions and report types (read only). */
export {
  programmeManuscripts,
  programmeManuscriptsStamp,
  programmeReportTypes,
  programmeTerms,
  type ProgrammeManuscript,
  type ProgrammeAuthor,
  type ProgrammeTerms,
} from './programme';

/** A manuscript's stored file as review serves it to its reviewers, and the name it downloads under. */
export type { ManuscriptFile } from './author';
export { downloadName, type Slot } from './files';
/** What review reads of the manuscripts, and the lock it takes on one (reader.ts). */
export * as submissionReader from './reader';

declare module '../../platform/feature' {
  interface FeatureServices {
    submissionConfig: SubmissionConfig;
    submissionChoices: Choosing;
    submissionAuthor: SubmissionAuthor;
    submissionFee: SubmissionFee;
    submissionDesk: SubmissionDesk;
    submissionBook: BookService;
    /** the heavy work's kinds, declared by `work` below and asked for by the routes */
    submissionWork: SubmissionWork;
  }
}

declare module '../../platform/events' {
  interface EventMap {
    /** a manuscript was submitted (from null) or changed status, in the transaction that did it */
    'submission.changed': {
      conferenceId: number;
      submissionId: number;
      from: SubmissionStatus | null;
      to: SubmissionStatus;
    };
  }
}

export const submissionsFeature = defineFeature({
  name: 'submissions',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db, files }) => [submissionsPersonalData(db, files)],
  services: ({ db, config, files, events, registration, orders, mailSites }) => {
    const choosing = new Choosing(db);
    const ports = {
      contactOf: registration.contactOf.bind(registration),
      feeSettings: registration.feeSettings.bind(registration),
      hasPaid: orders.hasPaid.bind(orders),
    };
    const submissionFee = new SubmissionFee(db, orders);
    const author = new SubmissionAuthor(db, files, events, ports, mailSites, choosing, submissionFee);
    const book = new BookService(db, mailSites, fileStoreFor(config, 'books'));
    const desk = new SubmissionDesk(db, events, author, book, choosing);
    return {
      submissionConfig: new SubmissionConfig(db),
      submissionChoices: choosing,
      submissionAuthor: author,
      submissionFee,
      submissionDesk: desk,
      submissionBook: book,
      submissionWork: submissionWork(desk, book),
    };
  },
  api: (deps) => [submissionsApiRouter(deps)],
  pages: (deps) => [submissionsPageRouter(deps)],
  work: (deps) => [deps.submissionWork.export, deps.submissionWork.book],
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [submissionsOverview(db)],
  // Spec 2.12's order: users, submissions, reviewers, hotels, orders; customisation after e-mail.
  manageMenu: [
    {
      href: S.manage,
      labelKey: 'submissions:menu.manage',
      order: 21,
      who: 'admin',
      also: [S.detail, S.contributeDetail],
    },
    { href: S.config, labelKey: 'submissions:menu.config', group: 'customization', order: 105, who: 'admin' },
  ],
  profileMenu: [{ href: S.author, labelKey: 'submissions:menu.author', order: 11 }],
});
