/**
 * The accounts feature's part of a person's own data (platform/personalData.ts): the account,
 * its single sign-on links, its roles in each conference, super admin. On erasure (last, order
 * 100: the other parts find rows by the e-mail anonymised here) the account row stays, for the
 * paid orders that point to it, with an address that can reach no one; the rest goes. Its
 * queries are by person, across conferences, unlike repo.ts's.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { cachedDataChanged } from '../../platform/changes';
import { erasedAddress, type DataSubject, type PersonalDataPart } from '../../platform/personalData';
import type { Sessions } from '../../platform/session';
import * as repo from './repo';
import { deleteCodesOf } from './codesRepo';
import {
  accountInstants,
  conferencesOfUser,
  deleteRolesOfUser,
  identitiesOfUser,
  lockAccountRows,
  rolesOfUser,
} from './personalDataRepo';

/** The address an erased account is left with: unique, and of a domain that cannot exist. */
export const erasedEmail = (userId: number) => erasedAddress('user', userId);

/** What stops at once when an erasure is confirmed: sign-in by password or single sign-on, every session, hand-overs. */
async function lock(tx: Tx, sessions: Sessions, userId: number): Promise<void> {
  await lockAccountRows(tx, userId);
  await sessions.revokeAllForUser(userId, undefined, tx);
  cachedDataChanged(tx, { userId });
}

export function accountsPersonalData(db: Db, sessions: Sessions): PersonalDataPart {
  return {
    name: 'account',
    order: 100,
    export: async ({ userId }: DataSubject) => {
      const user = await repo.findUserById(db, userId);
      const identities = await identitiesOfUser(db, userId);
      const roles = await rolesOfUser(db, userId);
      const superAdmin = await repo.isSuperAdmin(db, userId);
      const { createdAt, emailVerifiedAt } = await accountInstants(db, userId);
      return {
        data: {
          id: userId,
          email: user?.email,
          name: user?.true_name,
          umtId: user?.umt_id ?? null,
          cstnetId: user?.cstnet_id ?? null,
          language: user?.lang ?? null,
          hasPassword: Boolean(user?.password_hash),
          emailVerifiedAt: emailVerifiedAt?.toISOString() ?? null,
          createdAt: createdAt?.toISOString() ?? null,
          singleSignOn: identities.map((i) => ({
            provider: i.name_en || i.name_zh,
            kind: i.kind,
            linkedAt: i.created_at.toISOString(),
          })),
          roles: roles.map((r) => ({ conferenceId: r.conferenceId, role: r.role, since: r.since.toISOString() })),
          superAdmin,
        },
      };
    },
    begin: (tx, { userId }) => lock(tx, sessions, userId),
    erase: async ({ userId, email }, _limit, note) =>
      inTransaction(db, async (tx) => {
        const user = await repo.findUserById(tx, userId);
        if (!user || user.email === erasedEmail(userId)) return { changed: 0 };
        for (const conferenceId of await conferencesOfUser(tx, userId)) await note(tx, conferenceId);
        await lock(tx, sessions, userId);
        await deleteRolesOfUser(tx, userId);
        await repo.deleteSuperAdmin(tx, userId);
        await deleteCodesOf(tx, [email.toLowerCase(), user.email]);
        await repo.updateUser(tx, userId, {
          email: erasedEmail(userId),
          true_name: '',
          umt_id: null,
          cstnet_id: null,
          lang: null,
          email_verified_at: null,
          updated_at: toDbInstant(),
        });
        cachedDataChanged(tx, { userId });
        return { changed: 1 };
      }),
  };
}
