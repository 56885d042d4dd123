/**
 * The queries of the accounts' part of a person's own data (personalData.ts): by person, across
 * conferences, unlike repo.ts's. Instants leave as `Date`; the part formats them.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import type { ConferenceRole } from '../../contract/enums';

/** The organisations the person signs in with, and since when. */
export async function identitiesOfUser(
  db: Db | Tx,
  userId: number,
): Promise<Array<{ name_zh: string; name_en: string; kind: string; created_at: Date }>> {
  const rows: Array<{ name_zh: string; name_en: string; kind: string; created_at: string }> = await db(
    'user_identities as i',
  )
    .join('identity_providers as p', 'p.id', 'i.provider_id')
    .where('i.user_id', userId)
    .select('p.name_zh', 'p.name_en', 'p.kind', 'i.created_at');
  return rows.map((r) => ({ ...r, created_at: fromDbInstant(r.created_at)! }));
}

/** When the account was made and its address verified. */
export async function accountInstants(
  db: Db | Tx,
  userId: number,
): Promise<{ createdAt: Date | null; emailVerifiedAt: Date | null }> {
  const row = await db('users').where({ id: userId }).first('created_at', 'email_verified_at');
  return { createdAt: fromDbInstant(row?.created_at), emailVerifiedAt: fromDbInstant(row?.email_verified_at) };
}

/** Every role the person holds, in every conference. */
export async function rolesOfUser(
  db: Db | Tx,
  userId: number,
): Promise<Array<{ conferenceId: number; role: ConferenceRole; since: Date }>> {
  const rows = await db('conference_roles').where({ user_id: userId }).select('conference_id', 'role', 'created_at');
  return rows.map((r) => ({
    conferenceId: Number(r.conference_id),
    role: r.role,
    since: fromDbInstant(r.created_at)!,
  }));
}

/** The conferences where the person holds any role. */
export async function conferencesOfUser(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db('conference_roles').where({ user_id: userId }).distinct('conference_id');
  return rows.map((r) => Number(r.conference_id));
}

/** No more sign-in by password or single sign-on, and no pending hand-over (sessions are the platform's). */
export async function lockAccountRows(tx: Tx, userId: number): Promise<void> {
  await tx('users').where({ id: userId }).update({ password_hash: null });
  await tx('user_identities').where({ user_id: userId }).del();
  await tx('session_handoffs').where({ user_id: userId }).del();
}

export async function deleteRolesOfUser(tx: Tx, userId: number): Promise<void> {
  await tx('conference_roles').where({ user_id: userId }).del();
}
