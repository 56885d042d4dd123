/** Account rules shared by sign-in, seeding and the session layer. */
import { hash, verify } from '@node-rs/argon2';
import type { Db, Tx } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { usersSignedInTo } from '../../platform/session';
import { cachedDataChanged } from '../../platform/changes';
import * as repo from './repo';
import type { Identity } from '../../platform/identity';
import type { Lang } from '../../contract/enums';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

/** The user behind a session and what they are in this conference (none on the platform host). */
export async function loadIdentity(db: Db, conferenceId: number | null, userId: number): Promise<Identity | null> {
  const user = await repo.findUserById(db, userId);
  if (!user) return null;
  const [roles, superAdmin] = await Promise.all([
    conferenceId === null ? Promise.resolve([]) : repo.rolesInConference(db, conferenceId, userId),
    repo.isSuperAdmin(db, userId),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      trueName: user.true_name,
      umtId: user.umt_id,
      cstnetId: user.cstnet_id,
      lang: user.lang === 'en' || user.lang === 'zh' ? user.lang : null,
    },
    roles,
    superAdmin,
  };
}

/**
 * Creates the account when the e-mail is new (the seed, adding a manager or a super admin). Two
 * requests may add the same new e-mail at once: the unique index keeps one row, and the one that
 * lost reads the winner's.
 */
export async function ensureUser(
  db: Db,
  input: { email: string; trueName: string; password?: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await repo.findUserByEmail(db, input.email);
  if (existing) return { id: existing.id, created: false };
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const id = await repo.insertUser(db, { email: input.email, trueName: input.trueName, passwordHash });
    return { id, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await repo.findUserByEmail(db, input.email);
    if (!winner) throw err;
    return { id: winner.id, created: false };
  }
}

/** The account's address when its ownership was proven (a code, an activation, an organisation's login), else null. */
export function verifiedEmailOf(db: Db, userId: number): Promise<string | null> {
  return repo.verifiedEmailOf(db, userId);
}

export async function updateName(db: Db, userId: number, trueName: string): Promise<void> {
  await repo.updateUser(db, userId, { true_name: trueName, updated_at: toDbInstant() });
  cachedDataChanged(db, { userId });
}

/** The language the person last chose on any host (identity.user.lang). */
export async function rememberLanguage(db: Db, userId: number, lang: Lang): Promise<void> {
  await repo.updateUser(db, userId, { lang });
  cachedDataChanged(db, { userId });
}

export const grantRole = repo.grantRole;
export const addSuperAdmin = repo.addSuperAdmin;

/**
 * An account made by another feature's transaction (conference registration without an
 * account, a registrant added by a manager). The password is hashed by the caller, before its
 * transaction; a verified e-mail is one whose code was just consumed.
 */
export async function createAccount(
  db: Db | Tx,
  input: { email: string; trueName: string; passwordHash: string | null; verified: boolean },
): Promise<number> {
  const id = await repo.insertUser(db, {
    email: input.email,
    trueName: input.trueName,
    passwordHash: input.passwordHash,
  });
  if (input.verified) await repo.updateUser(db, id, { email_verified_at: toDbInstant() });
  return id;
}

export async function findAccountByEmail(
  db: Db | Tx,
  email: string,
): Promise<{ id: number; trueName: string; hasPassword: boolean } | null> {
  const user = await repo.findUserByEmail(db, email);
  return user ? { id: user.id, trueName: user.true_name, hasPassword: Boolean(user.password_hash) } : null;
}

export const revokeRole = repo.revokeRole;

/** The language an account last chose (its mails are written in it), or null before any choice. */
export async function languageOfUser(db: Db | Tx, userId: number): Promise<Lang | null> {
  const user = await repo.findUserById(db, userId);
  return user?.lang === 'en' || user?.lang === 'zh' ? user.lang : null;
}

/** The language the account of this address last chose (its mails are written in it), or null: no account, or no choice yet. */
export async function languageOfAddress(db: Db | Tx, email: string): Promise<Lang | null> {
  const user = await repo.findUserByEmail(db, email);
  return user?.lang === 'en' || user?.lang === 'zh' ? user.lang : null;
}

// What other features read of people and roles (the tables are this module's: repo.ts).
export type { Account, RoleHolder } from './repo';
export const accountsByIds = repo.accountsByIds;
export const accountIdsMatching = repo.accountIdsMatching;
export const rolesInConference = repo.rolesInConference;
export const roleHolders = repo.roleHolders;
export const roleHolderEmails = repo.roleHolderEmails;
export const conferencesWithRole = repo.conferencesWithRole;
export const identityProvidersOf = repo.identityProvidersOf;

/**
 * Of these (lower-case) e-mails, the accounts that signed in to the conference (a session was
 * issued for it) or created it: people who came to it themselves (the mail gate's audience).
 */
export async function emailsActiveIn(db: Db, conferenceId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const users = await repo.usersWithEmails(db, emails);
  const ids = users.map((u) => u.id);
  // Sessions are the platform's (platform/session.ts); roles are ours.
  const active = new Set(
    [
      ...(await usersSignedInTo(db, conferenceId, ids)),
      ...(await repo.holdersAmong(db, conferenceId, 'creator', ids)),
    ].map(Number),
  );
  return users.filter((u) => active.has(u.id)).map((u) => u.email);
}
