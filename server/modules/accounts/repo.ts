/**
 * Users, roles in a conference and super admins. Conference-scoped queries take conferenceId first.
 *
 * The accounts module owns (server/db/owners.ts) `users`, `user_identities`, `identity_providers`,
 * `verification_codes`, `session_handoffs`, `super_admins` and `conference_roles`: other features
 * read people and grant or take back roles through ./service.ts, never through these tables.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant, insertId } from '../../db/dialect';
import { cachedDataChanged } from '../../platform/changes';
import type { ConferenceRole } from '../../contract/enums';

export type UserRow = {
  id: number;
  /** the language last chosen ('zh' | 'en'), null before any choice */
  lang?: string | null;
  email: string;
  true_name: string;
  password_hash: string | null;
  umt_id: string | null;
  cstnet_id: string | null;
};

export function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.toLowerCase() }).first();
}

export function insertUser(
  db: Db | Tx,
  user: { email: string; trueName: string; passwordHash: string | null; umtId?: string | null },
): Promise<number> {
  const now = toDbInstant();
  return insertId(
    db('users').insert({
      email: user.email.toLowerCase(),
      true_name: user.trueName,
      password_hash: user.passwordHash,
      umt_id: user.umtId ?? null,
      cstnet_id: user.email.toLowerCase(),
      created_at: now,
      updated_at: now,
    }),
  );
}

export async function rolesInConference(db: Db | Tx, conferenceId: number, userId: number): Promise<ConferenceRole[]> {
  const rows = await db('conference_roles').where({ conference_id: conferenceId, user_id: userId }).select('role');
  return rows.map((r: { role: ConferenceRole }) => r.role);
}

export async function grantRole(db: Db | Tx, conferenceId: number, userId: number, role: ConferenceRole): Promise<void> {
  await db('conference_roles')
    .insert({ conference_id: conferenceId, user_id: userId, role, created_at: toDbInstant() })
    .onConflict(['conference_id', 'user_id', 'role'])
    .ignore();
  cachedDataChanged(db, { userId });
}

export async function isSuperAdmin(db: Db | Tx, userId: number): Promise<boolean> {
  return Boolean(await db('super_admins').where({ user_id: userId }).first());
}

export async function addSuperAdmin(db: Db | Tx, userId: number): Promise<void> {
  await db('super_admins').insert({ user_id: userId, created_at: toDbInstant() }).onConflict('user_id').ignore();
  cachedDataChanged(db, { userId });
}

export async function revokeRole(db: Db | Tx, conferenceId: number, userId: number, role: ConferenceRole): Promise<void> {
  await db('conference_roles').where({ conference_id: conferenceId, user_id: userId, role }).delete();
  cachedDataChanged(db, { userId });
}

/** A person as other features show them: never the password hash, only whether there is one. */
export type Account = { id: number; email: string; trueName: string; hasPassword: boolean };

export async function accountsByIds(db: Db | Tx, ids: number[]): Promise<Map<number, Account>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows: Array<{ id: number; email: string; true_name: string; password_hash: string | null }> = await db('users')
    .whereIn('id', wanted)
    .select('id', 'email', 'true_name', 'password_hash');
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), email: r.email, trueName: r.true_name, hasPassword: Boolean(r.password_hash) }]));
}

export type RoleHolder = Account & { role: ConferenceRole; since: string };

/** Who holds these roles in the conference, one row per user and role, oldest grant first. */
export async function roleHolders(db: Db | Tx, conferenceId: number, roles: ConferenceRole[]): Promise<RoleHolder[]> {
  const rows: Array<{ id: number; email: string; true_name: string; password_hash: string | null; role: ConferenceRole; created_at: string }> = await db('conference_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.conference_id', conferenceId)
    .whereIn('r.role', roles)
    .orderBy('r.created_at')
    .orderBy('u.id')
    .select('u.id', 'u.email', 'u.true_name', 'u.password_hash', 'r.role', 'r.created_at');
  return rows.map((r) => ({ id: Number(r.id), email: r.email, trueName: r.true_name, hasPassword: Boolean(r.password_hash), role: r.role, since: r.created_at }));
}

/** The e-mails of the people holding these roles in the conference, each once. */
export function roleHolderEmails(db: Db | Tx, conferenceId: number, roles: ConferenceRole[]): Promise<string[]> {
  return db('conference_roles as r').join('users as u', 'u.id', 'r.user_id').where('r.conference_id', conferenceId).whereIn('r.role', roles).distinct('u.email').pluck('u.email');
}

/** Of these users, those holding `role` in the conference. */
export function holdersAmong(db: Db | Tx, conferenceId: number, role: ConferenceRole, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db('conference_roles').where({ conference_id: conferenceId, role }).whereIn('user_id', userIds).pluck('user_id');
}

/** The conferences where the user holds any of these roles. */
export async function conferencesWithRole(db: Db | Tx, userId: number, roles: ConferenceRole[]): Promise<number[]> {
  const rows: Array<{ conference_id: number }> = await db('conference_roles').where('user_id', userId).whereIn('role', roles).distinct('conference_id');
  return rows.map((r) => Number(r.conference_id));
}

/**
 * Why an account without a password exists (spec 8's sign-up messages): made by an organisation's
 * login ('passport'), or by being added as a manager of a conference ('manager'); null otherwise.
 */
export async function passwordlessOrigin(db: Db | Tx, userId: number): Promise<'passport' | 'manager' | null> {
  if (await db('user_identities').where({ user_id: userId }).first('user_id')) return 'passport';
  if (await db('conference_roles').where({ user_id: userId }).whereIn('role', ['manager', 'creator']).first('user_id')) return 'manager';
  return null;
}

/** The identity providers a user has signed in with (their names, for the registration form). */
export function identityProvidersOf(db: Db | Tx, userId: number): Promise<Array<{ name_zh: string; name_en: string; kind: string }>> {
  return db('user_identities as ui').join('identity_providers as p', 'p.id', 'ui.provider_id').where('ui.user_id', userId).select('p.name_zh', 'p.name_en', 'p.kind');
}
