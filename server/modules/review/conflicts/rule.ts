/**
 * The one rule that says whether a reviewer or a chair conflicts with a manuscript: what the finder
 * suggests (conflicts/: the same person, an author's declaration, a co-author, the same
 * institution, the same mail domain) merged with what is remembered for the pair (review_conflicts:
 * a manager's confirmation or dismissal, a reviewer's declaration). A pair is blocked unless a
 * manager dismissed it. The assignment (allocation/state.ts) reads every pair of the conference at
 * once; a chair's screens read one person's pairs (`blockedPapers`) — both through `mergeConflicts`,
 * so a chair is held to exactly what keeps a reviewer off a manuscript.
 */
import type { Db, Tx } from '../../../db/index';
import type { ConflictReasonCode, ConflictState } from '../../../contract/allocation';
import { submissionReader as submissions } from '../../submissions/index';
import { conflictPairs, type ConflictPair } from './index';
import { paperPeople } from './paperPeople';
import type { Reviewer } from '../reviewers/people';
import { storedConflicts, type StoredConflict } from './stored';

type Conn = Db | Tx;

/** `stored`: a decision or a declaration is remembered for the pair (review_conflicts), not only found. */
export type PairConflict = {
  state: ConflictState;
  reason: ConflictReasonCode | '';
  detail: string;
  note: string;
  stored: boolean;
};

export const pair = (submissionId: number, reviewerId: number) => `${submissionId}:${reviewerId}`;

/**
 * A conflict that forbids the pair: confirmed or declared, or suggested and not decided yet (the
 * safe side: the manager dismisses it to allow the pair). A dismissed suggestion allows it.
 */
export const blocks = (c: PairConflict | undefined): boolean => Boolean(c) && c!.state !== 'dismissed';

/** `${submissionId}:${reviewerId}` → the conflict, from the finder's pairs and the remembered rows. */
export function mergeConflicts(found: ConflictPair[], stored: StoredConflict[]): Map<string, PairConflict> {
  const conflicts = new Map<string, PairConflict>();
  for (const s of found) {
    // The author's word needs no confirming: it blocks until a manager overrules it.
    const state = s.reason === 'authorDeclared' ? 'declared' : 'suggested';
    conflicts.set(pair(s.paperId, s.reviewerId), {
      state,
      reason: s.reason,
      detail: s.detail,
      note: '',
      stored: false,
    });
  }
  for (const row of stored) {
    const found = conflicts.get(pair(row.submission_id, row.reviewer_id));
    // A suggestion dismissed before the author declared the pair: the declaration is news, it stands.
    if (found?.reason === 'authorDeclared' && row.state === 'dismissed' && row.reason !== 'authorDeclared') continue;
    const reason = (row.reason || found?.reason || '') as PairConflict['reason'];
    conflicts.set(pair(row.submission_id, row.reviewer_id), {
      state: row.state,
      reason,
      detail: found?.detail ?? '',
      note: row.note,
      stored: true,
    });
  }
  return conflicts;
}

/** The finder's input for reviewers. */
export const asPeople = (reviewers: Reviewer[]) =>
  reviewers.map((r) => ({ reviewerId: r.id, userId: r.userId, email: r.email, name: r.name, organisation: r.unit }));

/** The manuscripts (ids) this one person conflicts with; every manuscript counts for co-authorship. */
export async function blockedPapers(db: Conn, conferenceId: number, person: Reviewer): Promise<Set<number>> {
  const papers = await submissions.all(db, conferenceId, {});
  const [people, stored] = await Promise.all([
    paperPeople(db, conferenceId, papers),
    storedConflicts(db, conferenceId, person.id),
  ]);
  const merged = mergeConflicts(conflictPairs(asPeople([person]), people), stored);
  return new Set([...merged].filter(([, c]) => blocks(c)).map(([key]) => Number(key.split(':')[0])));
}
