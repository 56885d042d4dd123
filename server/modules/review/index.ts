/**
 * Peer review (issue 16), one feature in five parts, each a folder with its routes, service and
 * repository; this file is the feature's only door:
 * - the review configuration (config.ts, routes.ts, pages.ts, repo.ts here) — blind review, the
 *   five scores with scale and weight, the chair's opinion final or not, reviewers per manuscript,
 *   the most a reviewer takes, the detail rules;
 * - reviewers/ — the reviewers, their import, activation and role per session; `people.ts` is how
 *   the other parts read them;
 * - conflicts/ — the finder (pure), the one conflict rule for reviewers and chairs (rule.ts, chairs.ts);
 * - assignment/ (pure: the min-cost flow) and allocation/ — who reviews what, by hand or in one click;
 * - reviewing/ — the reviews, the chair's and the final opinions.
 * The parts share review's tables (tables.ts). Status changes go through the submissions' state
 * machine (SubmissionDesk.moveInReview).
 */
import { defineFeature } from '../../platform/feature';
import { reviewPersonalData } from './personalData';
import { handle } from '../../platform/events';
import { REVIEW_SCREENS as S } from '../../contract/review';
import { reviewOverview } from './overview';
import { ReviewConfigService } from './config';
import { reviewPageRouter } from './pages';
import { reviewApiRouter } from './routes';
import { ReviewerService } from './reviewers/service';
import { reviewerApiRouter, reviewerPageRouter } from './reviewers/routes';
import { AllocationService } from './allocation/service';
import { allocationApiRouter, allocationPageRouter } from './allocation/routes';
import { ReviewingService } from './reviewing/service';
import { reviewingApiRouter, reviewingPageRouter } from './reviewing/routes';

declare module '../../platform/events' {
  interface EventMap {
    /** reviewers were given manuscripts to review (allocation/service.ts by hand, allocation/run.ts by the run), in that transaction */
    'review.assigned': { conferenceId: number; submissionIds: number[] };
    /** a manager saved the review settings (config.ts: the deadline among them), in that transaction */
    'review.configured': { conferenceId: number };
  }
}

declare module '../../platform/feature' {
  interface FeatureServices {
    reviewConfig: ReviewConfigService;
    reviewers: ReviewerService;
    reviewAllocation: AllocationService;
    reviewing: ReviewingService;
  }
}

export const reviewFeature = defineFeature({
  name: 'review',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [reviewPersonalData(db)],
  services: (deps) => ({
    reviewConfig: new ReviewConfigService(deps.db, deps.events),
    reviewers: new ReviewerService(deps),
    reviewAllocation: new AllocationService(deps),
    reviewing: new ReviewingService(deps),
  }),
  api: (deps) => [reviewApiRouter(deps), reviewerApiRouter(deps), allocationApiRouter(deps), reviewingApiRouter(deps)],
  pages: (deps) => [
    reviewPageRouter(deps),
    reviewerPageRouter(deps),
    allocationPageRouter(deps),
    reviewingPageRouter(deps),
  ],
  // Spec 2.12: reviewer management after submissions; the review configuration after the submission configuration.
  manageMenu: [
    { href: S.config, labelKey: 'review:menu.config', group: 'customization', order: 106, who: 'admin' },
    { href: S.reviewers, labelKey: 'reviewers:menu', order: 22, who: 'admin', also: [S.reviewerInfo] },
    // Spec 2.12 "review management": the assignment screen (/platform/submissionManage/index).
    { href: S.allocation, labelKey: 'allocation:menu', order: 23, who: 'admin' },
    { href: S.reviewList, labelKey: 'reviewing:menu.list', order: 1, who: 'reviewer', also: [S.reviewForm] },
  ],
  // The reviewers' import, off the request with progress (reviewers/service.ts import(); its sheet is read in the pool, tasks.ts).
  work: (deps) => [deps.reviewers.importWork],
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [reviewOverview(db)],
  // A resubmitted manuscript starts a new round of its reviews; a reopened one loses its decision (reviewing/decisions.ts).
  events: (deps) => [handle('submission.changed', (tx, p) => deps.reviewing.onSubmissionChanged(tx, p))],
});
