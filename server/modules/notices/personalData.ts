/**
 * The notices feature's part of a person's own data (platform/personalData.ts): when they last
 * read each conference's notices. Deleted on erasure. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function noticesPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'notices',
    export: async ({ userId }) => ({
      data: (await db('notice_reads').where({ user_id: userId }).orderBy('conference_id')).map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), noticesSeenAt: iso(r.seen_at) })),
    }),
    erase: async ({ userId }, limit) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = (await tx('notice_reads').where({ user_id: userId }).limit(limit).select('conference_id')) as Array<{ conference_id: number }>;
        for (const r of rows) await tx('notice_reads').where({ conference_id: r.conference_id, user_id: userId }).del();
        return rows.length;
      });
      return { changed };
    },
  };
}
