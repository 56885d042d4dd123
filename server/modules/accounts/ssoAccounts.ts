/**
 * The account a single sign-on lands in (docs/sso.md): the one linked to the provider's subject,
 * else the one of the e-mail the provider vouches for (linked now), else a new one; found, linked
 * or created in one transaction, tried once more when a concurrent first sign-in won the race.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { cachedDataChanged } from '../../platform/changes';
import { logger } from '../../platform/logger';
import * as repo from './repo';
import type { Provider } from './providers';
import { insertIdentity, linkedUserId } from './providersRepo';

/** Who the provider says signed in. */
export type Person = { subject: string; email: string | null; emailVerified: boolean; name: string };

export const loginFailed = () => new AppError(400, 'sso.loginFailed');

/** The linked account, else the account with the verified e-mail (linked now), else a new one. */
export async function resolveSsoAccount(db: Db, provider: Provider, person: Person): Promise<repo.UserRow> {
  try {
    return await db.transaction((tx) => findLinkOrCreate(tx, provider, person));
  } catch (err) {
    // Two first sign-ins of one person at once: the loser of the race finds the winner's rows.
    if (!isUniqueViolation(err)) throw err;
    return db.transaction((tx) => findLinkOrCreate(tx, provider, person));
  }
}

async function findLinkOrCreate(tx: Tx, provider: Provider, person: Person): Promise<repo.UserRow> {
  const linkedId = await linkedUserId(tx, provider.id, person.subject);
  if (linkedId !== null) {
    const linked = await repo.findUserById(tx, linkedId);
    if (!linked) throw loginFailed();
    return linked;
  }
  // Linking by e-mail, and creating an account that claims it, both need the provider to vouch
  // for the address; otherwise anyone able to set an e-mail at some provider could take over
  // (or pre-claim) the account of that address.
  if (!person.email || !person.emailVerified) {
    logger.warn(
      { providerId: provider.id, hasEmail: Boolean(person.email) },
      'sso: no verified e-mail for a new identity',
    );
    throw loginFailed();
  }
  const now = toDbInstant();
  let user = await repo.findUserByEmail(tx, person.email);
  if (user) {
    const patch: repo.UserChanges = {};
    if (!user.email_verified_at) patch.email_verified_at = now;
    if (provider.kind === 'passport' && !user.umt_id) patch.umt_id = person.subject;
    if (Object.keys(patch).length) {
      await repo.updateUser(tx, user.id, { ...patch, updated_at: now });
      cachedDataChanged(tx, { userId: user.id });
    }
  } else {
    const id = await repo.insertUser(tx, {
      email: person.email,
      trueName: person.name,
      passwordHash: null,
      umtId: provider.kind === 'passport' ? person.subject : null,
    });
    await repo.updateUser(tx, id, { email_verified_at: now });
  }
  user = (await repo.findUserByEmail(tx, person.email))!;
  await insertIdentity(tx, { provider_id: provider.id, subject: person.subject, user_id: user.id, created_at: now });
  return user;
}

export function personOf(subject: string, claims: Record<string, unknown>): Person {
  const rawEmail = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const email = rawEmail.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(rawEmail) ? rawEmail : null;
  const given = [claims.given_name, claims.family_name].filter((v) => typeof v === 'string' && v).join(' ');
  const name = (typeof claims.name === 'string' && claims.name.trim()) || given || (email ? email.split('@')[0] : '');
  return {
    subject: subject.slice(0, 255),
    email,
    // Absent means the provider does not say; only an explicit false refuses (docs/sso.md).
    emailVerified: claims.email_verified !== false && claims.email_verified !== 'false',
    name: name.slice(0, 100),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'))
  );
}
