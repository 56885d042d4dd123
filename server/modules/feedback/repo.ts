/**
 * The `feedback` table (migration 014): what people wrote to a conference's organisers and the
 * managers' replies. Instants leave as `Date`.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, toDbInstant } from '../../db/dialect';

type Conn = Db | Tx;

export type FeedbackRow = {
  id: number;
  conference_id: number;
  user_id: number;
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  /** an upload of the files module */
  attachment_file_id: number | null;
  reply: string | null;
  replied_at: string | null;
  replied_by: number | null;
  created_at: string;
};

/** A feedback as the feature reads it: its instants as `Date`. */
export type Feedback = Omit<FeedbackRow, 'replied_at' | 'created_at'> & { replied_at: Date | null; created_at: Date };

const clean = (r: FeedbackRow): Feedback => ({
  ...r,
  replied_at: fromDbInstant(r.replied_at),
  created_at: fromDbInstant(r.created_at)!,
});

export type NewFeedback = Pick<
  FeedbackRow,
  'user_id' | 'title' | 'name' | 'email' | 'phone' | 'type' | 'content' | 'attachment_file_id'
>;

export function insertFeedback(tx: Tx, conferenceId: number, values: NewFeedback): Promise<number> {
  return insertId(tx('feedback').insert({ conference_id: conferenceId, ...values, created_at: toDbInstant() }));
}

/** A feedback of the conference; of that writer only, when `userId` is given. */
export async function feedbackById(
  db: Db,
  conferenceId: number,
  id: number,
  userId?: number,
): Promise<Feedback | undefined> {
  const q = db('feedback').where({ conference_id: conferenceId, id });
  if (userId !== undefined) q.andWhere({ user_id: userId });
  const row = await q.first();
  return row && clean(row);
}

/** What a person wrote to the conference, newest first. */
export async function feedbackOfWriter(db: Db, conferenceId: number, userId: number): Promise<Feedback[]> {
  return (await db('feedback').where({ conference_id: conferenceId, user_id: userId }).orderBy('id', 'desc')).map(
    clean,
  );
}

/** A page of the conference's feedback, newest first, answered or not (or either), with how many there are. */
export async function feedbackPage(
  db: Db,
  conferenceId: number,
  q: { page: number; size: number; replied?: boolean },
): Promise<{ rows: Feedback[]; total: number }> {
  const filtered = () => {
    const qb = db('feedback').where({ conference_id: conferenceId });
    return q.replied === undefined ? qb : q.replied ? qb.whereNotNull('reply') : qb.whereNull('reply');
  };
  const counted = await filtered().count<Array<{ n: number | string }>>({ n: '*' }).first();
  const rows = await filtered()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { rows: rows.map(clean), total: Number(counted?.n ?? 0) };
}

export async function saveReply(
  tx: Tx,
  conferenceId: number,
  id: number,
  reply: string,
  managerId: number,
): Promise<void> {
  await tx('feedback')
    .where({ conference_id: conferenceId, id })
    .update({ reply, replied_at: toDbInstant(), replied_by: managerId });
}

/** Of these (lower-case) e-mails, those that wrote the conference feedback (checked by an e-mail code). */
export async function feedbackAuthorEmails(db: Db, conferenceId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows: string[] = await db('feedback')
    .where({ conference_id: conferenceId })
    .whereIn('email', emails)
    .distinct('email')
    .pluck('email');
  return rows.map((e) => e.toLowerCase());
}

/** Everything a person wrote, to any conference, by account or by address (their export). */
export async function feedbackOfPerson(db: Db, userId: number, email: string): Promise<Feedback[]> {
  return (await db('feedback').where({ user_id: userId }).orWhere({ email: email.toLowerCase() }).orderBy('id')).map(
    clean,
  );
}

/** Up to `limit` of a person's feedback, with their attachments, for their erasure. */
export function feedbackToErase(
  tx: Tx,
  userId: number,
  email: string,
  limit: number,
): Promise<Array<Pick<FeedbackRow, 'id' | 'conference_id' | 'attachment_file_id'>>> {
  return tx('feedback')
    .where({ user_id: userId })
    .orWhere({ email: email.toLowerCase() })
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id', 'attachment_file_id');
}

export async function deleteFeedback(conn: Conn, conferenceId: number, id: number): Promise<void> {
  await conn('feedback').where({ conference_id: conferenceId, id }).del();
}
