/**
 * The review configuration's schemas, for the manager's checks in the browser before saving
 * (islands/ManageReviewConfig). Islands take a schema they run from a `*Checks.ts` file: the
 * client build gives its contract the real zod, every other import a stand-in (vite.config.ts,
 * issue 32). No Node imports here.
 */
export { ruleInput, settingsInput } from './review';
