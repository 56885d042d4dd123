/**
 * The programme's part of a person's own data (platform/personalData.ts): the items they marked
 * in each conference's agenda and when, and whether (since when) they have a calendar feed
 * address — never the secret's hash, which is no information about them. On erasure both go: an
 * agenda is kept for the person only.
 */
import type { Db } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import { erasePersonalRows, personalRows } from './repo';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function programmePersonalData(db: Db): PersonalDataPart {
  return {
    name: 'programme',
    export: async ({ userId }) => {
      const { agenda, feeds } = await personalRows(db, userId);
      return {
        data: {
          agenda: agenda.map((r) => ({ conferenceId: Number(r.conference_id), item: r.item_uid, addedAt: iso(r.added_at) })),
          calendarFeeds: feeds.map((r) => ({ conferenceId: Number(r.conference_id), createdAt: iso(r.created_at) })),
        },
      };
    },
    erase: async ({ userId }, limit, note) =>
      inTransaction(db, async (tx) => {
        const { changed, conferences } = await erasePersonalRows(tx, userId, limit);
        for (const cid of conferences) await note(tx, cid);
        return { changed };
      }),
  };
}
