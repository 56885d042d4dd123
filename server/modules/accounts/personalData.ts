/**
 * The accounts feature's part of a person's own data (platform/personalData.ts): the account,
 * its single sign-on links, its roles in each conference, super admin. On erasure (last, order
 * 100: the other parts find rows by the e-mail anonymised here) the account row stays, for the
 * paid orders that point to it, with an address that can reach no one; the rest goes. Its
 * queries are by person, across conferences, unlike repo.ts's.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { cachedDataChanged } from '../../platform/changes';
import { erasedAddress, type DataSubject, type PersonalDataPart } from '../../platform/personalData';
import type { Sessions } from '../../platform/session';

/** The address an erased account is left with: unique, and of a domain that cannot exist. */
export const erasedEmail = (userId: number) => erasedAddress('user', userId);

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

/** What stops at once when an erasure is confirmed: sign-in by password or single sign-on, every session, hand-overs. */
async function lock(tx: Tx, sessions: Sessions, userId: number): Promise<void> {
  await tx('users').where({ id: userId }).update({ password_hash: null });
  await tx('user_identities').where({ user_id: userId }).del();
  await tx('session_handoffs').where({ user_id: userId }).del();
  await sessions.revokeAllForUser(userId, undefined, tx);
  cachedDataChanged(tx, { userId });
}

export function accountsPersonalData(db: Db, sessions: Sessions): PersonalDataPart {
  return {
    name: 'account',
    order: 100,
    export: async ({ userId }: DataSubject) => {
      const user = await db('users').where({ id: userId }).first();
      const identities = await db('user_identities as i').join('identity_providers as p', 'p.id', 'i.provider_id').where('i.user_id', userId).select('p.name_zh', 'p.name_en', 'p.kind', 'i.created_at');
      const roles = await db('conference_roles').where({ user_id: userId }).select('conference_id', 'role', 'created_at');
      const superAdmin = await db('super_admins').where({ user_id: userId }).first();
      return {
        data: {
          id: userId,
          email: user?.email,
          name: user?.true_name,
          umtId: user?.umt_id ?? null,
          cstnetId: user?.cstnet_id ?? null,
          language: user?.lang ?? null,
          hasPassword: Boolean(user?.password_hash),
          emailVerifiedAt: iso(user?.email_verified_at),
          createdAt: iso(user?.created_at),
          singleSignOn: identities.map((i: Record<string, unknown>) => ({ provider: i.name_en || i.name_zh, kind: i.kind, linkedAt: iso(i.created_at) })),
          roles: roles.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), role: r.role, since: iso(r.created_at) })),
          superAdmin: Boolean(superAdmin),
        },
      };
    },
    begin: (tx, { userId }) => lock(tx, sessions, userId),
    erase: async ({ userId, email }, _limit, note) =>
      inTransaction(db, async (tx) => {
        const user = await tx('users').where({ id: userId }).first();
        if (!user || user.email === erasedEmail(userId)) return { changed: 0 };
        const roles = (await tx('conference_roles').where({ user_id: userId }).distinct('conference_id')) as Array<{ conference_id: number }>;
        for (const r of roles) await note(tx, Number(r.conference_id));
        await lock(tx, sessions, userId);
        await tx('conference_roles').where({ user_id: userId }).del();
        await tx('super_admins').where({ user_id: userId }).del();
        await tx('verification_codes').whereIn('email', [email.toLowerCase(), user.email]).del();
        await tx('users').where({ id: userId }).update({ email: erasedEmail(userId), true_name: '', umt_id: null, cstnet_id: null, lang: null, email_verified_at: null, updated_at: toDbInstant() });
        cachedDataChanged(tx, { userId });
        return { changed: 1 };
      }),
  };
}
