/** Users, roles in a conference and super admins. Conference-scoped queries take conferenceId first. */
import type { Db, Tx } from '../../db/index';
import { toDbInstant, insertId } from '../../db/dialect';
import type { ConferenceRole } from '../../contract/enums';

export type UserRow = {
  id: number;
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
}

export async function isSuperAdmin(db: Db | Tx, userId: number): Promise<boolean> {
  return Boolean(await db('super_admins').where({ user_id: userId }).first());
}

export async function addSuperAdmin(db: Db | Tx, userId: number): Promise<void> {
  await db('super_admins').insert({ user_id: userId, created_at: toDbInstant() }).onConflict('user_id').ignore();
}

export async function revokeRole(db: Db | Tx, conferenceId: number, userId: number, role: ConferenceRole): Promise<void> {
  await db('conference_roles').where({ conference_id: conferenceId, user_id: userId, role }).delete();
}
