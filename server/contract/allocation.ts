/**
 * Reviewer assignment (issue 16) at /platform/submissionManage/index: the manuscripts with their
 * reviewers, the manual pick for one manuscript, the one-click random allocation (a preview that
 * saves nothing, then the apply of exactly that preview), and the conflicts of interest a manager
 * confirms or dismisses. No Node imports here: the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { SUBMISSION_STATUSES, type SubmissionStatus } from './submissions';

/** Why a conflict was suggested, strongest first (server/modules/review/conflicts). */
export type ConflictReasonCode = 'samePerson' | 'authorDeclared' | 'coAuthor' | 'sameInstitution' | 'sameDomain';

/** 'assigned': not started (may be removed or moved); 'draft' / 'submitted': started, never moved. */
export type ReviewState = 'assigned' | 'draft' | 'submitted';

/** Statuses whose reviewers may change: the others are shown but not assignable. */
export const ASSIGNABLE_STATUSES: readonly SubmissionStatus[] = ['waiting', 'assigned', 'resubmitted'];

export type ConflictState = 'suggested' | 'confirmed' | 'dismissed' | 'declared';

/** A conflict between a reviewer and a manuscript: found (suggested) or stored (decided, declared). */
export type ConflictView = {
  reviewerId: number;
  reviewerName: string;
  submissionId: number;
  number: string;
  title: string;
  /** '' for a declared conflict that was never suggested */
  reason: ConflictReasonCode | '';
  /** who or what the conflict is about (an author, an institution, a mail domain) */
  detail: string;
  state: ConflictState;
  note: string;
  /** a decision or a reviewer's declaration is remembered (it can be undone); false: found now (suggested, or declared by the author) */
  stored: boolean;
};

export type AssignedReviewer = { reviewerId: number; name: string; state: ReviewState };

export type AllocationRow = {
  id: number;
  number: string;
  title: string;
  sessionId: number;
  subSessionId: number | null;
  status: SubmissionStatus;
  assignable: boolean;
  reviewers: AssignedReviewer[];
  /** reviewers still wanted to reach K (0 when not assignable) */
  missing: number;
  /** every chair of the manuscript's session conflicts with it (server/modules/review/conflicts/chairs.ts): name another chair */
  needsChair: boolean;
};

export type AllocationPage = {
  rows: AllocationRow[];
  total: number;
  k: number;
  maxPerReviewer: number;
  undecided: number;
};

/** A reviewer of the manuscript's session, as the manual pick shows them. */
export type Candidate = {
  reviewerId: number;
  name: string;
  email: string;
  unit: string;
  /** reviews this person has in the conference, every state */
  load: number;
  /** the review on this manuscript, or null */
  state: ReviewState | null;
  conflict: { state: ConflictState; reason: ConflictReasonCode | ''; detail: string } | null;
  /** at the maximum per reviewer (not on this manuscript yet) */
  full: boolean;
};

export type CandidatesView = { submission: AllocationRow; candidates: Candidate[]; k: number; maxPerReviewer: number };

export type ShortfallReason = 'noReviewers' | 'conflicts' | 'maxLoad';

export type PlanReviewer = { reviewerId: number; name: string };

export type AllocationPreview = {
  /** what apply checks: the state the preview was computed from */
  token: string;
  seed: number;
  keepCurrent: boolean;
  k: number;
  maxPerReviewer: number;
  /** manuscripts whose reviewers change, or that fall short */
  papers: Array<{
    id: number;
    number: string;
    title: string;
    sessionId: number;
    kept: PlanReviewer[];
    added: PlanReviewer[];
    removed: PlanReviewer[];
  }>;
  shortfalls: Array<{
    paperId: number;
    number: string;
    title: string;
    missing: number;
    reason: ShortfallReason;
    text: string;
  }>;
  /** per top-level session: each reviewer's load after the allocation, and the spread */
  loads: Array<{
    sessionId: number;
    reviewers: Array<{ reviewerId: number; name: string; load: number }>;
    max: number;
    min: number;
  }>;
  /** suggested conflicts nobody confirmed or dismissed yet (counted as conflicts) */
  undecided: number;
  added: number;
  removed: number;
  /** manuscripts in the run */
  total: number;
};

export type AllocationApplied = { added: number; removed: number; mails: number; preview: AllocationPreview };

/** A reviewer and a manuscript, named for the screen. */
export type PlanPair = { submissionId: number; number: string; title: string; reviewerId: number; name: string };

/**
 * What a change of assignments or conflict decisions will do, computed without saving: the same
 * shape for the manual pick, a removal, a conflict decided or undone (and inside, the one-click run).
 */
export type ChangePlan = {
  /** the hash of the state the plan was computed from; apply refuses when it moved */
  token: string;
  added: PlanPair[];
  /** every assignment that ends; those also in `setAside` had started and are kept aside, not counted */
  removed: PlanPair[];
  setAside: PlanPair[];
  statusMoves: Array<{ submissionId: number; number: string; from: SubmissionStatus; to: SubmissionStatus }>;
  /** `to` null: the decision is forgotten (the pair is suggested again if the finder still finds it) */
  conflicts: Array<PlanPair & { from: ConflictState | null; to: ConflictState | null }>;
  /** the assign mails that will be queued (the mail gate may still withhold some) */
  mails: PlanPair[];
  /** the reviewers concerned, reviews every state */
  loads: Array<{ reviewerId: number; name: string; before: number; after: number }>;
};

export type ManualApplied = { plan: ChangePlan; mails: number };

const id = (key: string) =>
  z.coerce
    .number({ message: key })
    .int(key)
    .positive(key)
    .max(2 ** 31, key);

export const allocationQuery = z.object({
  sessionId: id('allocation:sessionInvalid').optional(),
  status: z.enum(SUBMISSION_STATUSES, { message: 'allocation:statusInvalid' }).optional(),
  keyword: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type AllocationQuery = z.output<typeof allocationQuery>;

export const pickInput = z.object({
  reviewerIds: z
    .array(id('allocation:reviewerNotFound'), { message: 'allocation:pickRequired' })
    .min(1, 'allocation:pickRequired')
    .max(10, 'allocation:tooManyPicks'),
});

const seed = z.coerce
  .number({ message: 'allocation:seedInvalid' })
  .int('allocation:seedInvalid')
  .min(0, 'allocation:seedInvalid')
  .max(2 ** 31 - 1, 'allocation:seedInvalid');

export const previewInput = z.object({
  /** absent: a new random seed */
  seed: seed.optional(),
  /** true: current unstarted reviews stay; false: they may move to balance the loads */
  keepCurrent: z.boolean({ message: 'allocation:flagInvalid' }).default(true),
});

export const applyInput = z.object({
  seed,
  keepCurrent: z.boolean({ message: 'allocation:flagInvalid' }).default(true),
  token: z.string({ message: 'allocation:stale' }).regex(/^[0-9a-f]{64}$/, 'allocation:stale'),
});

export const decideInput = z.object({
  reviewerId: id('allocation:reviewerNotFound'),
  submissionId: id('allocation:submissionNotFound'),
  state: z.enum(['confirmed', 'dismissed'], { message: 'allocation:decisionInvalid' }),
  note: z.string().trim().max(500, 'allocation:noteTooLong').default(''),
});

export const declareInput = z.object({
  submissionId: id('allocation:submissionNotFound'),
  note: z.string().trim().max(500, 'allocation:noteTooLong').default(''),
});

const submissionId = id('allocation:submissionNotFound');
const reviewerId = id('allocation:reviewerNotFound');

/** One manual change, previewed then applied: the same inputs as the direct calls, named by `kind`. */
export const manualInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('assign'), submissionId, reviewerIds: pickInput.shape.reviewerIds }),
    z.object({ kind: z.literal('unassign'), submissionId, reviewerId }),
    decideInput.extend({ kind: z.literal('decide') }),
    z.object({ kind: z.literal('undecide'), submissionId, reviewerId }),
  ],
  { message: 'allocation:kindInvalid' },
);
export type ManualInput = z.output<typeof manualInput>;

export const manualApplyInput = z.object({
  change: manualInput,
  token: z.string({ message: 'allocation:stale' }).regex(/^[0-9a-f]{64}$/, 'allocation:stale'),
});

const BASE = '/conference/platform/submission/allocation';
const paperParam = z.object({ id: id('allocation:submissionNotFound') });
const pairParam = z.object({ id: id('allocation:submissionNotFound'), reviewerId: id('allocation:reviewerNotFound') });

export const allocationApi = {
  list: endpoint<AllocationPage>()({ method: 'GET', path: BASE, query: allocationQuery }),
  candidates: endpoint<CandidatesView>()({ method: 'GET', path: `${BASE}/papers/:id`, params: paperParam }),
  assign: endpoint<CandidatesView>()({
    method: 'POST',
    path: `${BASE}/papers/:id/reviewers`,
    params: paperParam,
    body: pickInput,
    done: 'allocation:assigned',
  }),
  unassign: endpoint<CandidatesView>()({
    method: 'DELETE',
    path: `${BASE}/papers/:id/reviewers/:reviewerId`,
    params: pairParam,
    done: 'allocation:unassigned',
  }),
  preview: endpoint<AllocationPreview>()({ method: 'POST', path: `${BASE}/preview`, body: previewInput }),
  apply: endpoint<AllocationApplied>()({
    method: 'POST',
    path: `${BASE}/apply`,
    body: applyInput,
    done: 'allocation:applied',
  }),
  manualPreview: endpoint<ChangePlan>()({ method: 'POST', path: `${BASE}/manual/preview`, body: manualInput }),
  manualApply: endpoint<ManualApplied>()({
    method: 'POST',
    path: `${BASE}/manual/apply`,
    body: manualApplyInput,
    done: 'allocation:manualApplied',
  }),
  conflicts: endpoint<ConflictView[]>()({ method: 'GET', path: `${BASE}/conflicts` }),
  decide: endpoint<ConflictView[]>()({
    method: 'POST',
    path: `${BASE}/conflicts`,
    body: decideInput,
    done: 'allocation:conflictSaved',
  }),
  undecide: endpoint<ConflictView[]>()({
    method: 'DELETE',
    path: `${BASE}/conflicts/:id/:reviewerId`,
    params: pairParam,
    done: 'allocation:conflictUndone',
  }),
  /** a reviewer declares a conflict with a manuscript assigned to them (helper screens of the reviewer call it) */
  declare: endpoint<null>()({
    method: 'POST',
    path: '/conference/platform/review/allocation/declare',
    body: declareInput,
    done: 'allocation:declared',
  }),
};
