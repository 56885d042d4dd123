/**
 * The submission form's schema, for the author's checks in the browser before sending
 * (islands/ProfileSubmission/formRules.ts). Islands take a schema they run from a `*Checks.ts`
 * file: the client build gives its contract the real zod, every other import a stand-in
 * (vite.config.ts, issue 32). No Node imports here.
 */
export { submissionInput } from './submissions';
