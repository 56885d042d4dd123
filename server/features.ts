/**
 * The features of the platform, in the order their services are built (a feature's services may
 * use those of the features above it). Adding a feature is one line here; its folder's index.ts
 * is its front door (server/platform/feature.ts, docs/development.md).
 */
import type { Feature } from './platform/feature';
import { filesFeature } from './modules/files/index';
import { sitesFeature } from './modules/sites/index';
import { mailFeature } from './modules/mail/index';
import { accountsFeature } from './modules/accounts/index';
import { conferencesFeature } from './modules/conferences/index';
import { pagesFeature } from './modules/pages/index';
import { registrationFeature } from './modules/registration/index';
import { documentsFeature } from './modules/documents/index';
import { feesFeature } from './modules/fees/index';
import { paymentsFeature } from './modules/payments/index';
import { ordersFeature } from './modules/orders/index';
import { receiptsFeature } from './modules/receipts/index';
import { hotelsFeature } from './modules/hotels/index';
import { submissionsFeature } from './modules/submissions/index';
import { reviewFeature } from './modules/review/index';
import { feedbackFeature } from './modules/feedback/index';
import { noticesFeature } from './modules/notices/index';
import { unitsFeature } from './modules/units/index';
import { checkinFeature } from './modules/checkin/index';
import { programmeFeature } from './modules/programme/index';
import { privacyFeature } from './modules/privacy/index';
import { overviewFeature } from './modules/overview/index';

export const FEATURES: readonly Feature[] = [
  filesFeature,
  sitesFeature,
  mailFeature,
  accountsFeature,
  conferencesFeature,
  pagesFeature,
  registrationFeature,
  documentsFeature,
  feesFeature,
  paymentsFeature,
  ordersFeature,
  receiptsFeature,
  hotelsFeature,
  submissionsFeature,
  reviewFeature,
  feedbackFeature,
  noticesFeature,
  unitsFeature,
  checkinFeature,
  programmeFeature,
  // last: it gathers every feature's part of a person's own data
  privacyFeature,
  overviewFeature,
];
