/**
 * The notices feature's tables: `notices` (migration 014), the managers' announcements, and
 * `notice_reads` (migration 032), when each person last opened a conference's notices. Instants
 * leave as `Date`.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, toDbInstant } from '../../db/dialect';

export type NoticeRow = {
  id: number;
  conference_id: number;
  title_zh: string;
  title_en: string;
  source_zh: string;
  source_en: string;
  published_at: string;
  content_zh: string | null;
  content_en: string | null;
  /** a stored file of the conference (uploaded as kind 'file') */
  file: string | null;
  file_name: string | null;
  created_at: string;
  updated_at: string;
};

export type NoticeReadRow = { conference_id: number; user_id: number; seen_at: string };

/** A notice as the feature reads it: its time an instant. */
export type Notice = Omit<NoticeRow, 'published_at' | 'created_at' | 'updated_at'> & { published_at: Date };

/** What a manager writes of a notice. */
export type NoticeValues = Omit<NoticeRow, 'id' | 'conference_id' | 'created_at'>;

/** A conference's notices, newest first. */
export async function noticesOf(db: Db, conferenceId: number): Promise<Notice[]> {
  const rows = await db('notices')
    .where({ conference_id: conferenceId })
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
  return rows.map(({ created_at: _created, updated_at: _updated, ...r }) => ({
    ...r,
    published_at: fromDbInstant(r.published_at)!,
  }));
}

export function insertNotice(db: Db, conferenceId: number, values: NoticeValues): Promise<number> {
  return insertId(db('notices').insert({ ...values, conference_id: conferenceId, created_at: toDbInstant() }));
}

/** Answers whether the conference has that notice (and it changed). */
export async function updateNotice(db: Db, conferenceId: number, id: number, values: NoticeValues): Promise<boolean> {
  return (await db('notices').where({ conference_id: conferenceId, id }).update(values)) > 0;
}

export async function deleteNotice(db: Db, conferenceId: number, id: number): Promise<boolean> {
  return (await db('notices').where({ conference_id: conferenceId, id }).delete()) > 0;
}

/** When the person last opened the notices, or null when never. */
export async function lastSeen(db: Db, conferenceId: number, userId: number): Promise<Date | null> {
  const row = await db('notice_reads').where({ conference_id: conferenceId, user_id: userId }).first('seen_at');
  return row ? fromDbInstant(row.seen_at) : null;
}

/** Notes that the person opened the notices now. */
export async function noteSeen(db: Db, conferenceId: number, userId: number): Promise<void> {
  const seen_at = toDbInstant();
  // One row per person: two tabs opening the list at once both land on the same row.
  await db('notice_reads')
    .insert({ conference_id: conferenceId, user_id: userId, seen_at })
    .onConflict(['conference_id', 'user_id'])
    .merge({ seen_at });
}

/**
 * How many notices were published since the person last opened them (all of them when never).
 * One query: it runs on every page of the personal centre.
 */
export async function unseenCount(db: Db, conferenceId: number, userId: number): Promise<number> {
  const row = await db('notices')
    .where({ conference_id: conferenceId })
    .where('published_at', '<=', toDbInstant())
    .whereNotExists((q) =>
      q
        .from('notice_reads')
        .where('notice_reads.conference_id', conferenceId)
        .where('notice_reads.user_id', userId)
        .where('notice_reads.seen_at', '>=', db.ref('notices.published_at')),
    )
    .count<Array<{ n: number | string }>>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** When the person last read each conference's notices (their export): by person, across conferences. */
export async function readsOfPerson(
  db: Db,
  userId: number,
): Promise<Array<{ conference_id: number; seen_at: Date | null }>> {
  const rows = await db('notice_reads').where({ user_id: userId }).orderBy('conference_id');
  return rows.map((r) => ({ conference_id: r.conference_id, seen_at: fromDbInstant(r.seen_at) }));
}

/** Forgets up to `limit` of the person's reads (their erasure); answers how many went. */
export async function forgetReadsOfPerson(tx: Tx, userId: number, limit: number): Promise<number> {
  const rows = await tx('notice_reads').where({ user_id: userId }).limit(limit).select('conference_id');
  for (const r of rows) await tx('notice_reads').where({ conference_id: r.conference_id, user_id: userId }).del();
  return rows.length;
}
