/** Feedback: attendees' messages to the organisers, with attachments, and the managers' replies. */
import { defineFeature } from '../../platform/feature';
import { feedbackPersonalData } from './personalData';
import { feedbackApiRouter, feedbackPageRouter } from './routes';
import { feedbackAuthorEmails } from './repo';
import { FeedbackService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    feedback: FeedbackService;
  }
}

export const feedbackFeature = defineFeature({
  name: 'feedback',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db, files }) => [feedbackPersonalData(db, files)],
  services: ({ db, codes, files, mailGate }) => ({ feedback: new FeedbackService(db, codes, files, mailGate) }),
  api: (deps) => [feedbackApiRouter(deps)],
  pages: (deps) => [feedbackPageRouter(deps)],
  manageMenu: [{ href: '/platform/manage/userFeedBack', labelKey: 'feedback:menu.manage', order: 30, who: 'admin' }],
  profileMenu: [{ href: '/profile/feedback', labelKey: 'feedback:menu.feedback', order: 30 }],
  knownPeople: feedbackAuthorEmails,
});
