/** Documents: badges, invitation letters, receipts and tickets — their templates and PDFs. */
import { defineFeature } from '../../platform/feature';
import { RegistrationPeople } from '../registration/index';
import { BadgePrinter, documentApiRouter, documentPageRouter } from './routes';
import { DocumentService } from './service';

export type { DocumentService };
/** For receipts: a document's conference as the PDFs print it, and a PDF sent as a download. */
export { documentConference } from './routes';

declare module '../../platform/feature' {
  interface FeatureServices {
    documents: DocumentService;
    badges: BadgePrinter;
  }
}

export const documentsFeature = defineFeature({
  name: 'documents',
  services: ({ db, files, config, work }) => {
    // PDFs are drawn in the pool of worker threads (tasks.ts), counted against the conference's share.
    const documents = new DocumentService(
      db,
      files,
      new RegistrationPeople(db),
      <O>(conferenceId: number, task: string, input: unknown) => work.compute<O>(conferenceId, task, input),
    );
    return { documents, badges: new BadgePrinter(documents, config) };
  },
  api: (deps) => [documentApiRouter(deps)],
  pages: (deps) => [documentPageRouter(deps)],
  profileMenu: [{ href: '/profile/download', labelKey: 'documents:menu.download', order: 40, attendeeOnly: true }],
});
