/**
 * The notices feature's part of a person's own data (platform/personalData.ts): when they last
 * read each conference's notices. Deleted on erasure. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import { forgetReadsOfPerson, readsOfPerson } from './repo';

export function noticesPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'notices',
    export: async ({ userId }) => ({
      data: (await readsOfPerson(db, userId)).map((r) => ({
        conferenceId: r.conference_id,
        noticesSeenAt: r.seen_at?.toISOString() ?? null,
      })),
    }),
    erase: async ({ userId }, limit) => ({
      changed: await inTransaction(db, (tx) => forgetReadsOfPerson(tx, userId, limit)),
    }),
  };
}
