/**
 * The queries of review's part of a person's own data (personalData.ts): by person, across
 * conferences — the reviewer profiles of their account or address, the reviews those profiles
 * wrote and the conflicts remembered for them, and the erasure of a profile.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { ERASED_DOMAIN, erasedAddress } from '../../platform/personalData';
import type { ConflictRow, ReviewerRow, ReviewRow } from './tables';

type Conn = Db | Tx;

// The rows leave with their instants as `Date`.
type WithDates<T, K extends keyof T> = Omit<T, K> & { [P in K]: Date | null };
export type Profile = WithDates<ReviewerRow, 'invited_at' | 'activated_at' | 'key_expires_at'>;
export type WrittenReview = WithDates<ReviewRow, 'assigned_at' | 'updated_at' | 'submitted_at'>;
export type DeclaredConflict = WithDates<ConflictRow, 'created_at'>;

const theirs = (conn: Conn, userId: number, email: string) =>
  conn('reviewers').where((w) => w.where({ user_id: userId }).orWhere({ email: email.toLowerCase() }));

/** Every reviewer profile of the account or the address, in any conference. */
export async function profilesOf(db: Conn, userId: number, email: string): Promise<Profile[]> {
  const rows: ReviewerRow[] = await theirs(db, userId, email).orderBy('id');
  return rows.map((r) => ({
    ...r,
    invited_at: fromDbInstant(r.invited_at),
    activated_at: fromDbInstant(r.activated_at),
    key_expires_at: fromDbInstant(r.key_expires_at),
  }));
}

export async function reviewsBy(db: Conn, reviewerIds: number[]): Promise<WrittenReview[]> {
  if (!reviewerIds.length) return [];
  const rows = await db('reviews').whereIn('reviewer_id', reviewerIds).orderBy('id');
  return rows.map((r) => ({
    ...r,
    assigned_at: fromDbInstant(r.assigned_at),
    updated_at: fromDbInstant(r.updated_at),
    submitted_at: fromDbInstant(r.submitted_at),
  }));
}

export async function conflictsOf(db: Conn, reviewerIds: number[]): Promise<DeclaredConflict[]> {
  if (!reviewerIds.length) return [];
  const rows = await db('review_conflicts').whereIn('reviewer_id', reviewerIds).orderBy('id');
  return rows.map((r) => ({ ...r, created_at: fromDbInstant(r.created_at) }));
}

/** The next `limit` profiles of the person not erased yet. */
export function unerasedProfiles(
  tx: Tx,
  userId: number,
  email: string,
  limit: number,
): Promise<Array<Pick<ReviewerRow, 'id' | 'conference_id'>>> {
  return theirs(tx, userId, email)
    .whereNot('email', 'like', `%@${ERASED_DOMAIN}`)
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id');
}

/**
 * A profile loses its name and contacts and is switched off; its ended reviews and remembered
 * conflicts lose the name and note that could say who it was. Answers the reviews it wrote (kept).
 */
export async function eraseProfile(tx: Tx, profile: Pick<ReviewerRow, 'id' | 'conference_id'>): Promise<number> {
  const mine = { conference_id: profile.conference_id, reviewer_id: profile.id };
  await tx('reviewers')
    .where({ id: profile.id })
    .update({
      email: erasedAddress('reviewer', profile.id),
      first_name: '',
      middle_name: '',
      last_name: '',
      full_name: '',
      unit: '',
      phone: '',
      country: '',
      direction: '',
      active: false,
      key_hash: null,
      key_expires_at: null,
    });
  await tx('ended_reviews').where(mine).update({ reviewer_name: '' });
  await tx('review_conflicts').where(mine).update({ note: '' });
  const counted = await tx('reviews').where(mine).count<Array<{ n: number | string }>>({ n: '*' }).first();
  return Number(counted?.n ?? 0);
}
