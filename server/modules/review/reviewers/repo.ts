/**
 * The queries on the reviewers' tables (migrations/027_reviewers.ts: reviewers, reviewer_roles)
 * and what reviewer management reads of their reviews and conflicts. Every function takes the
 * conference first (but the activation key's look-ups: the key names its conference). The other
 * parts of review read reviewers through people.ts, never here.
 */
import type { Db, Tx } from '../../../db/index';
import { fromDbInstant, insertId, lockForUpdate, toDbInstant } from '../../../db/dialect';
import type { ReviewerRole, ReviewerRow as StoredReviewerRow, RoleRow } from '../tables';

type Conn = Db | Tx;

export type { RoleRow };

/** A reviewer as review reads it: the instants as `Date` (the table's row is review/tables.ts's). */
export type ReviewerRow = Omit<StoredReviewerRow, 'key_expires_at' | 'invited_at' | 'activated_at'> & {
  key_expires_at: Date | null;
  invited_at: Date;
  activated_at: Date | null;
};

export const cleanReviewer = (r: StoredReviewerRow): ReviewerRow => ({
  ...r,
  key_expires_at: fromDbInstant(r.key_expires_at),
  invited_at: fromDbInstant(r.invited_at)!,
  activated_at: fromDbInstant(r.activated_at),
});

export type NewReviewer = Pick<
  StoredReviewerRow,
  | 'email'
  | 'user_id'
  | 'key_hash'
  | 'key_expires_at'
  | 'full_name'
  | 'unit'
  | 'phone'
  | 'country'
  | 'direction'
  | 'lang'
> & { active: boolean };

const one = (row: StoredReviewerRow | undefined) => row && cleanReviewer(row);

export async function list(db: Conn, conferenceId: number): Promise<ReviewerRow[]> {
  return (await db('reviewers').where({ conference_id: conferenceId }).orderBy('id')).map(cleanReviewer);
}

export async function findByUser(db: Conn, conferenceId: number, userId: number): Promise<ReviewerRow | undefined> {
  return one(await db('reviewers').where({ conference_id: conferenceId, user_id: userId }).first());
}

export async function find(db: Conn, conferenceId: number, id: number): Promise<ReviewerRow | undefined> {
  return one(await db('reviewers').where({ conference_id: conferenceId, id }).first());
}

export async function lock(tx: Tx, conferenceId: number, id: number): Promise<ReviewerRow | undefined> {
  return one(await lockForUpdate(tx, tx('reviewers').where({ conference_id: conferenceId, id })).first());
}

export async function byIds(db: Conn, conferenceId: number, ids: number[]): Promise<ReviewerRow[]> {
  return (await db('reviewers').where({ conference_id: conferenceId }).whereIn('id', ids).orderBy('id')).map(
    cleanReviewer,
  );
}

export async function findByEmail(db: Conn, conferenceId: number, email: string): Promise<ReviewerRow | undefined> {
  return one(await db('reviewers').where({ conference_id: conferenceId, email }).first());
}

/** The reviewers of these addresses, with what an import sheet sets (reviewers/import.ts tells a pending row saved by an earlier run of the same sheet). */
export type ExistingReviewer = Pick<
  StoredReviewerRow,
  'email' | 'full_name' | 'unit' | 'phone' | 'country' | 'direction' | 'user_id' | 'active'
>;
export async function existingReviewers(
  db: Conn,
  conferenceId: number,
  emails: string[],
): Promise<Map<string, ExistingReviewer>> {
  const found = new Map<string, ExistingReviewer>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows: ExistingReviewer[] = await db('reviewers')
      .where({ conference_id: conferenceId })
      .whereIn('email', emails.slice(i, i + 500))
      .select('email', 'full_name', 'unit', 'phone', 'country', 'direction', 'user_id', 'active');
    rows.forEach((r) => found.set(r.email, r));
  }
  return found;
}

/** Any conference's record that a key opens (the key is the conference's secret; the row names its conference). */
export async function lockByKeyHash(tx: Tx, keyHash: string): Promise<ReviewerRow | undefined> {
  return one(await lockForUpdate(tx, tx('reviewers').where({ key_hash: keyHash })).first());
}

export async function findByKeyHash(db: Conn, keyHash: string): Promise<ReviewerRow | undefined> {
  return one(await db('reviewers').where({ key_hash: keyHash }).first());
}

export function insert(tx: Tx, conferenceId: number, row: NewReviewer): Promise<number> {
  return insertId(
    tx('reviewers').insert({
      conference_id: conferenceId,
      ...row,
      invited_at: toDbInstant(),
      activated_at: row.active ? toDbInstant() : null,
    }),
  );
}

export async function update(
  tx: Tx,
  conferenceId: number,
  id: number,
  values: Partial<Omit<StoredReviewerRow, 'id' | 'conference_id'>>,
): Promise<void> {
  await tx('reviewers').where({ conference_id: conferenceId, id }).update(values);
}

export async function remove(tx: Tx, conferenceId: number, id: number): Promise<void> {
  // Roles, conflicts and reviews go with the row (ON DELETE CASCADE); deleted here too so SQLite without foreign keys agrees.
  await tx('reviewer_roles').where({ conference_id: conferenceId, reviewer_id: id }).delete();
  await tx('review_conflicts').where({ conference_id: conferenceId, reviewer_id: id }).delete();
  await tx('reviews').where({ conference_id: conferenceId, reviewer_id: id }).delete();
  await tx('reviewers').where({ conference_id: conferenceId, id }).delete();
}

export function rolesOf(db: Conn, conferenceId: number, reviewerIds?: number[]): Promise<RoleRow[]> {
  const q = db<RoleRow>('reviewer_roles').where({ conference_id: conferenceId });
  if (reviewerIds) q.whereIn('reviewer_id', reviewerIds);
  return q.orderBy('id');
}

export function findRole(db: Conn, conferenceId: number, id: number): Promise<RoleRow | undefined> {
  return db<RoleRow>('reviewer_roles').where({ conference_id: conferenceId, id }).first();
}

/** One role per reviewer and session: the row is replaced when it exists. */
export async function upsertRole(
  tx: Tx,
  conferenceId: number,
  reviewerId: number,
  sessionId: number,
  role: ReviewerRole,
): Promise<void> {
  await tx('reviewer_roles')
    .insert({ conference_id: conferenceId, reviewer_id: reviewerId, session_id: sessionId, role })
    .onConflict(['reviewer_id', 'session_id'])
    .merge({ role });
}

export async function removeRole(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('reviewer_roles').where({ conference_id: conferenceId, id }).delete();
}

export type ReviewRow = {
  id: number;
  submission_id: number;
  reviewer_id: number;
  state: string;
  opinion: string | null;
  submitted_at: string | null;
};

export function reviewsOf(db: Conn, conferenceId: number, reviewerId?: number): Promise<ReviewRow[]> {
  const q = db('reviews')
    .where({ conference_id: conferenceId })
    .select('id', 'submission_id', 'reviewer_id', 'state', 'opinion', 'submitted_at');
  if (reviewerId !== undefined) q.where({ reviewer_id: reviewerId });
  return q.orderBy('id') as Promise<ReviewRow[]>;
}

/** Reviews begun or finished: a reviewer who has one cannot be deleted. */
export async function countStarted(tx: Tx, conferenceId: number, reviewerId: number): Promise<number> {
  const row = await tx('reviews')
    .where({ conference_id: conferenceId, reviewer_id: reviewerId })
    .whereNot({ state: 'assigned' })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** The manuscripts whose assignment (not started) goes with the reviewer: their status may need to move back. */
export async function assignedSubmissions(tx: Tx, conferenceId: number, reviewerId: number): Promise<number[]> {
  const rows: Array<{ submission_id: number }> = await tx('reviews')
    .where({ conference_id: conferenceId, reviewer_id: reviewerId, state: 'assigned' })
    .select('submission_id');
  return rows.map((r) => Number(r.submission_id));
}

export async function reviewsLeft(tx: Tx, conferenceId: number, submissionId: number): Promise<number> {
  const row = await tx('reviews')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export type ConflictRow = {
  id: number;
  reviewer_id: number;
  submission_id: number;
  state: string;
  reason: string;
  note: string;
};

export function conflictsOf(db: Conn, conferenceId: number, reviewerId: number): Promise<ConflictRow[]> {
  return db('review_conflicts')
    .where({ conference_id: conferenceId, reviewer_id: reviewerId })
    .orderBy('submission_id') as Promise<ConflictRow[]>;
}

/** Another conference's reviewer record that still holds the same account (the role is per conference, so only this one counts). */
export async function otherRecordsOfUser(
  tx: Tx,
  conferenceId: number,
  userId: number,
  exceptId: number,
): Promise<number> {
  const row = await tx('reviewers')
    .where({ conference_id: conferenceId, user_id: userId })
    .whereNot({ id: exceptId })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
