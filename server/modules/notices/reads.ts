/**
 * Which notices a person has not seen (issue 18: attendees are told of a new notice on their next
 * visit). Reading the list marks them seen; the personal centre's Notices entry shows the count of
 * those published since. Future-dated notices count from their time, not before.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';

/** When the person last opened the notices, or null when never. */
export async function lastSeen(db: Db, conferenceId: number, userId: number): Promise<Date | null> {
  const row = await db('notice_reads').where({ conference_id: conferenceId, user_id: userId }).first('seen_at');
  return row ? fromDbInstant(row.seen_at) : null;
}

/** Marks every notice published up to now as seen; answers when the person had seen them before. */
export async function markSeen(db: Db, conferenceId: number, userId: number): Promise<Date | null> {
  const before = await lastSeen(db, conferenceId, userId);
  const seen_at = toDbInstant();
  // One row per person: two tabs opening the list at once both land on the same row.
  await db('notice_reads').insert({ conference_id: conferenceId, user_id: userId, seen_at }).onConflict(['conference_id', 'user_id']).merge({ seen_at });
  return before;
}

/**
 * How many notices were published since the person last opened them (all of them when never).
 * One query: it runs on every page of the personal centre.
 */
export async function unseenCount(db: Db, conferenceId: number, userId: number): Promise<number> {
  const row = await db('notices')
    .where({ conference_id: conferenceId })
    .where('published_at', '<=', toDbInstant())
    .whereNotExists((q) => q.from('notice_reads').where({ 'notice_reads.conference_id': conferenceId, 'notice_reads.user_id': userId }).where('notice_reads.seen_at', '>=', db.ref('notices.published_at')))
    .count<Array<{ n: number | string }>>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
