/**
 * Reviewer assignment (issue 16): the input and output of `assignReviewers`, a pure function with
 * no database, so that the one-click allocation can be previewed, tested over thousands of random
 * instances and benchmarked on its own.
 */

/** A manuscript to be reviewed, with the reviews it already has. */
export type AssignPaper = {
  id: number;
  /** Only reviewers of this session may review it. */
  sessionId: number;
  /**
   * Reviews already in place. A started one never moves; an unstarted one stays when
   * `keepCurrent`, otherwise it may be moved to balance the loads (and is then listed in `removed`).
   */
  current: Array<{ reviewerId: number; started: boolean }>;
};

export type AssignReviewer = {
  id: number;
  /** Sessions this person reviews for. */
  sessions: number[];
  /** Most reviews this person may have in total; added reviews never pass it. null = no limit. */
  maxLoad: number | null;
  /** Reviews this person has outside this run (other manuscripts, other rounds): part of the load. */
  otherLoad: number;
};

export type AssignInput = {
  /** Reviews wanted per manuscript. */
  k: number;
  papers: AssignPaper[];
  reviewers: AssignReviewer[];
  /** Pairs that must never be assigned. */
  conflicts: Array<[reviewerId: number, paperId: number]>;
  /** Chooses between equally good answers; the same seed always gives the same result. */
  seed: number;
  /** true: every current review stays; false: unstarted ones may be moved to balance. */
  keepCurrent: boolean;
};

/**
 * A manuscript left with fewer than K reviews, and why: 'noReviewers' (its session has fewer than
 * K reviewers at all), 'conflicts' (enough in the session, but conflicts leave fewer than K),
 * 'maxLoad' (reviewers without a conflict exist, but they are at their maximum).
 */
export type Shortfall = { paperId: number; missing: number; reason: 'noReviewers' | 'conflicts' | 'maxLoad' };

/** Every array is sorted by paperId then reviewerId (or by reviewerId), so results compare equal. */
export type AssignResult = {
  /** The reviewers of every manuscript after the run, kept ones included. */
  assignments: Array<{ paperId: number; reviewerIds: number[] }>;
  /** New pairs to create. */
  added: Array<[paperId: number, reviewerId: number]>;
  /** Unstarted current pairs to delete (only when keepCurrent is false). */
  removed: Array<[paperId: number, reviewerId: number]>;
  shortfalls: Shortfall[];
  /** otherLoad + reviews in `assignments`, for every reviewer of the input. */
  loads: Array<{ reviewerId: number; load: number }>;
};
