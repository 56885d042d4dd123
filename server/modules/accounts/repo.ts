/**
 * Users, roles in a conference and super admins. Conference-scoped queries take conferenceId first.
 *
 * The accounts module owns (server/db/owners.ts) `users`, `user_identities`, `identity_providers`,
 * `verification_codes`, `session_handoffs`, `super_admins` and `conference_roles`: other features
 * read people and grant or take back roles through ./service.ts, never through these tables. The
 * codes, hand-overs, providers and a person's own data have repositories of their own
 * (codesRepo.ts, handoffRepo.ts, providersRepo.ts, personalDataRepo.ts).
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant, insertId, LIKE_ESCAPE, likeContains } from '../../db/dialect';
import { readByIdChunks } from '../../db/idChunks';
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
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
};

/** A role held in a conference, as stored (one row per conference, user and role). */
export type RoleRow = { conference_id: number; user_id: number; role: ConferenceRole; created_at: string };

export type SuperAdminRow = { user_id: number; created_at: string };

/** The columns of an account that change after it is made. */
export type UserChanges = Partial<Omit<UserRow, 'id' | 'created_at'>>;

const cleanUser = (row: UserRow | undefined): UserRow | undefined => row && { ...row, id: Number(row.id) };

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  return cleanUser(await db('users').where({ id }).first());
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  return cleanUser(await db('users').where({ email: email.toLowerCase() }).first());
}

export async function updateUser(db: Db | Tx, id: number, changes: UserChanges): Promise<void> {
  await db('users').where({ id }).update(changes);
}

/** The account's address when its ownership was proven (a code, an activation, an organisation's login), else null. */
export async function verifiedEmailOf(db: Db | Tx, userId: number): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first('email', 'email_verified_at');
  return row?.email_verified_at ? String(row.email) : null;
}

/** The accounts of these (lower-case) e-mails. */
export async function usersWithEmails(db: Db | Tx, emails: string[]): Promise<Array<{ id: number; email: string }>> {
  const rows = await db('users').whereIn('email', emails).select('id', 'email');
  return rows.map((u) => ({ id: Number(u.id), email: u.email }));
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

export async function grantRole(
  db: Db | Tx,
  conferenceId: number,
  userId: number,
  role: ConferenceRole,
): Promise<void> {
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

export async function revokeRole(
  db: Db | Tx,
  conferenceId: number,
  userId: number,
  role: ConferenceRole,
): Promise<void> {
  await db('conference_roles').where({ conference_id: conferenceId, user_id: userId, role }).delete();
  cachedDataChanged(db, { userId });
}

/** A person as other features show them: never the password hash, only whether there is one. */
export type Account = { id: number; email: string; trueName: string; hasPassword: boolean };

export async function accountsByIds(db: Db | Tx, ids: number[]): Promise<Map<number, Account>> {
  const rows: Array<{ id: number; email: string; true_name: string; password_hash: string | null }> =
    await readByIdChunks(ids, (slice) =>
      db('users').whereIn('id', slice).select('id', 'email', 'true_name', 'password_hash'),
    );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), email: r.email, trueName: r.true_name, hasPassword: Boolean(r.password_hash) },
    ]),
  );
}

/**
 * The ids of the accounts whose e-mail or name contains the text, as a subquery for another
 * feature's `whereIn` (the order desk's search by person): the database joins it with that
 * feature's own rows, so no list of people is read into the process or sent back as bindings.
 */
export function accountIdsMatching(db: Db | Tx, text: string) {
  const like = likeContains(text.toLowerCase());
  return db('users')
    .select('id')
    .where((w) =>
      w
        .whereRaw(`lower(email) like ? ${LIKE_ESCAPE}`, [like])
        .orWhereRaw(`lower(true_name) like ? ${LIKE_ESCAPE}`, [like]),
    );
}

export type RoleHolder = Account & { role: ConferenceRole; since: Date };

/** Who holds these roles in the conference, one row per user and role, oldest grant first. */
export async function roleHolders(db: Db | Tx, conferenceId: number, roles: ConferenceRole[]): Promise<RoleHolder[]> {
  const rows: Array<{
    id: number;
    email: string;
    true_name: string;
    password_hash: string | null;
    role: ConferenceRole;
    created_at: string;
  }> = await db('conference_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.conference_id', conferenceId)
    .whereIn('r.role', roles)
    .orderBy('r.created_at')
    .orderBy('u.id')
    .select('u.id', 'u.email', 'u.true_name', 'u.password_hash', 'r.role', 'r.created_at');
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    trueName: r.true_name,
    hasPassword: Boolean(r.password_hash),
    role: r.role,
    since: fromDbInstant(r.created_at)!,
  }));
}

/** The e-mails of the people holding these roles in the conference, each once. */
export function roleHolderEmails(db: Db | Tx, conferenceId: number, roles: ConferenceRole[]): Promise<string[]> {
  return db('conference_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.conference_id', conferenceId)
    .whereIn('r.role', roles)
    .distinct('u.email')
    .pluck('u.email');
}

/** Of these users, those holding `role` in the conference. */
export function holdersAmong(
  db: Db | Tx,
  conferenceId: number,
  role: ConferenceRole,
  userIds: number[],
): Promise<number[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db('conference_roles')
    .where({ conference_id: conferenceId, role })
    .whereIn('user_id', userIds)
    .pluck('user_id');
}

/** The conferences where the user holds any of these roles. */
export async function conferencesWithRole(db: Db | Tx, userId: number, roles: ConferenceRole[]): Promise<number[]> {
  const rows: Array<{ conference_id: number }> = await db('conference_roles')
    .where('user_id', userId)
    .whereIn('role', roles)
    .distinct('conference_id');
  return rows.map((r) => Number(r.conference_id));
}

/**
 * Why an account without a password exists (spec 8's sign-up messages): made by an organisation's
 * login ('passport'), or by being added as a manager of a conference ('manager'); null otherwise.
 */
export async function passwordlessOrigin(db: Db | Tx, userId: number): Promise<'passport' | 'manager' | null> {
  if (await db('user_identities').where({ user_id: userId }).first('user_id')) return 'passport';
  if (await db('conference_roles').where({ user_id: userId }).whereIn('role', ['manager', 'creator']).first('user_id'))
    return 'manager';
  return null;
}

/** The identity providers a user has signed in with (their names, for the registration form). */
export function identityProvidersOf(
  db: Db | Tx,
  userId: number,
): Promise<Array<{ name_zh: string; name_en: string; kind: string }>> {
  return db('user_identities as ui')
    .join('identity_providers as p', 'p.id', 'ui.provider_id')
    .where('ui.user_id', userId)
    .select('p.name_zh', 'p.name_en', 'p.kind');
}

/** The platform's super admins, longest-serving first. */
export async function superAdminRows(
  db: Db | Tx,
): Promise<Array<{ userId: number; email: string; trueName: string; hasPassword: boolean; since: string }>> {
  const rows = await db('super_admins as s')
    .join('users as u', 'u.id', 's.user_id')
    .orderBy('s.created_at')
    .select('u.id', 'u.email', 'u.true_name', 'u.password_hash', 's.created_at');
  return rows.map((r) => ({
    userId: Number(r.id),
    email: r.email,
    trueName: r.true_name,
    hasPassword: Boolean(r.password_hash),
    since: r.created_at,
  }));
}

/** Adds a super admin; throws a unique violation when they already are one. */
export async function insertSuperAdmin(db: Db | Tx, userId: number): Promise<void> {
  await db('super_admins').insert({ user_id: userId, created_at: toDbInstant() });
}

export async function countSuperAdmins(db: Db | Tx): Promise<number> {
  return Number((await db('super_admins').count({ n: '*' }).first())?.n ?? 0);
}

/** Takes super admin away; answers how many rows went (0 or 1). */
export async function deleteSuperAdmin(db: Db | Tx, userId: number): Promise<number> {
  return Number(await db('super_admins').where({ user_id: userId }).delete());
}
