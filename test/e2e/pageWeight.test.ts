/**
 * Issue 32: the JavaScript a page loads before it is usable, gzipped, per screen island, from the
 * build (dist/, as CI builds it before the browser tests; no server, no browser). Pages where
 * attendees, authors and reviewers act: 250 KB; management pages: 400 KB (test/bench/pageScripts.ts
 * says which is which and what counts). `npm run bench:page-weight` prints the same figures.
 *
 * The pages below are over their budget today (docs/performance.md, "Page weight"): each may not grow
 * beyond its ceiling (its weight when listed, plus a few KB for the screens' ordinary changes). A
 * page that comes within its budget leaves the list, so the budget holds it from then on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { islandPageWeights } from '../bench/pageScripts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** KB gzipped, at load; measured 2026-11-27 after the zod stand-in and the lazy work dialog. */
const OVER_BUDGET: Record<string, number> = {
  AdminProviders: 420, // 411.7
  AdminUnits: 410, // 404.3
  DocumentDesigner: 445, // 438.0
  ManageAllocation: 480, // 473.1
  ManageContributeConfig: 510, // 503.6
  ManageHotel: 475, // 465.2
  ManageHotelConfig: 500, // 493.2
  ManageOrders: 490, // 483.1
  ManageReceipts: 415, // 407.2
  ManageRegistrants: 410, // 402.7
  ManageReviewConfig: 465, // 459.4
  ManageReviewers: 435, // 428.0
  ManageSubmissionDetail: 480, // 473.5
  ManageSubmissions: 475, // 467.4
  OrgLogin: 290, // 281.0
  ProfileDownloads: 310, // 301.3
  ProfileEditForm: 290, // 280.3
  ProfileFeedback: 360, // 352.9
  ProfileFeedbackDetails: 260, // 252.5
  ProfileFees: 340, // 331.8
  ProfileHotel: 385, // 377.6
  ProfileOrders: 315, // 306.0
  ProfileOrderUpdate: 310, // 302.2
  ProfilePay: 335, // 326.2
  ProfilePayResult: 290, // 281.1
  ProfileReceiptRequest: 340, // 334.6
  ProfileSubmission: 495, // 485.8
  ProfileSubmissionDetails: 460, // 453.3
  RegisterConfigFees: 450, // 444.7
  ResetPasswordForm: 300, // 294.0
  ReviewActivation: 340, // 331.0
  ReviewerTasks: 430, // 423.6
  ReviewForm: 360, // 352.0
};

const built = fs.existsSync(path.join(ROOT, 'dist/assets.json')) || fs.existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'));

test('every screen island page loads no more JavaScript than its budget (or its listed ceiling)', { skip: built ? false : 'no build: run `npm run build` first' }, () => {
  const weights = islandPageWeights(ROOT);
  assert.ok(weights.length >= 50, `only ${weights.length} islands in the manifest`);
  const problems: string[] = [];
  for (const w of weights) {
    const ceiling = OVER_BUDGET[w.island];
    const at = `${w.island} (${w.kind}): ${w.loadKb.toFixed(1)} KB gzipped at load`;
    if (ceiling === undefined && w.loadKb > w.budgetKb) problems.push(`${at}, over its budget of ${w.budgetKb} KB; largest files: ${w.files.slice(0, 4).map((f) => `${f.file} ${f.kb.toFixed(1)} KB`).join(', ')}`);
    if (ceiling !== undefined && w.loadKb > ceiling) problems.push(`${at}, over its ceiling of ${ceiling} KB (budget ${w.budgetKb} KB)`);
    if (ceiling !== undefined && w.loadKb <= w.budgetKb) problems.push(`${at}, within its budget of ${w.budgetKb} KB now: remove it from OVER_BUDGET`);
  }
  for (const island of Object.keys(OVER_BUDGET)) if (!weights.some((w) => w.island === island)) problems.push(`${island} is listed in OVER_BUDGET but is no island of the build`);
  assert.deepEqual(problems, []);
});
