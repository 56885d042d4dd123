/**
 * The programme's part of a person's own data (platform/personalData.ts): the items they marked
 * in each conference's agenda and when, and whether (since when) they have a calendar feed
 * address — never the secret's hash, which is no information about them. On erasure both go: an
 * agenda is kept for the person only.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import { erasePersonalRows, personalRows } from './repo';

export function programmePersonalData(db: Db): PersonalDataPart {
  return {
    name: 'programme',
    export: async ({ userId }) => {
      const { agenda, feeds } = await personalRows(db, userId);
      return {
        data: {
          agenda: agenda.map((r) => ({
            conferenceId: r.conference_id,
            item: r.item_uid,
            addedAt: r.added_at.toISOString(),
          })),
          calendarFeeds: feeds.map((r) => ({ conferenceId: r.conference_id, createdAt: r.created_at.toISOString() })),
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
