/**
 * Peer review (issue 16), first part: the review configuration (config.ts) — blind review, the
 * five scores with scale and weight, the chair's opinion final or not, reviewers per manuscript,
 * the most a reviewer takes, and the detail rules — and the two pure parts the assignment rests
 * on: conflicts of interest (conflicts/) and the balanced assignment (assignment/). Reviewers,
 * their activation, the assignment screens and the reviews themselves are the rest of the issue.
 */
import { defineFeature } from '../../platform/feature';
import { REVIEW_SCREENS as S } from '../../contract/review';
import { ReviewConfigService } from './config';
import { reviewPageRouter } from './pages';
import { reviewApiRouter } from './routes';

declare module '../../platform/feature' {
  interface FeatureServices {
    reviewConfig: ReviewConfigService;
  }
}

export const reviewFeature = defineFeature({
  name: 'review',
  services: ({ db }) => ({ reviewConfig: new ReviewConfigService(db) }),
  api: (deps) => [reviewApiRouter(deps)],
  pages: (deps) => [reviewPageRouter(deps)],
  // Spec 2.12: the review configuration follows the submission configuration among the customisations.
  manageMenu: [{ href: S.config, labelKey: 'review:menu.config', group: 'customization', order: 106, who: 'admin' }],
});
