/**
 * A chair held to the reviewers' rule (conflicts/rule.ts): a chair who conflicts with a manuscript of
 * their session — its author, a co-author, a colleague, someone the author declared — neither reads
 * its reviews nor gives the chair's opinion on it, and is not told when its reviews are in. When
 * every chair of the session conflicts, the manager's screens say the manuscript needs another chair.
 */
import type { Db, Tx } from '../../../db/index';
import { blockedPapers, blocks, pair, type PairConflict } from './rule';
import { reviewersOf, type Reviewer } from '../reviewers/people';

type Conn = Db | Tx;

/** The chairs of a top-level session who may act: activated, with an account. */
export const chairsOfSession = (all: Iterable<Reviewer>, sessionId: number): Reviewer[] =>
  [...all].filter(
    (r) =>
      r.active && r.userId !== null && r.roles.some((x) => x.role === 'chair' && x.sessionId === Number(sessionId)),
  );

export async function chairConflicted(
  db: Conn,
  conferenceId: number,
  chair: Reviewer,
  submissionId: number,
): Promise<boolean> {
  return (await blockedPapers(db, conferenceId, chair)).has(Number(submissionId));
}

/** True when the session has chairs and every one of them conflicts with the manuscript. */
export function needsChairOf(chairs: Reviewer[], conflicted: (chair: Reviewer) => boolean): boolean {
  return chairs.length > 0 && chairs.every(conflicted);
}

/** From an allocation snapshot's pairs (every reviewer with an account is in them). */
export function needsChairIn(
  all: Map<number, Reviewer>,
  conflicts: Map<string, PairConflict>,
  paper: { id: number; session_id: number },
): boolean {
  return needsChairOf(chairsOfSession(all.values(), paper.session_id), (c) =>
    blocks(conflicts.get(pair(paper.id, c.id))),
  );
}

/** For one manuscript (the manager's review panel). */
export async function needsChair(
  db: Conn,
  conferenceId: number,
  paper: { id: number; session_id: number },
): Promise<boolean> {
  const chairs = chairsOfSession(await reviewersOf(db, conferenceId), paper.session_id);
  if (!chairs.length) return false;
  const blocked = await Promise.all(chairs.map((c) => blockedPapers(db, conferenceId, c)));
  return needsChairOf(chairs, (c) => blocked[chairs.indexOf(c)].has(paper.id));
}
