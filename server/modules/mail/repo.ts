/**
 * knex queries of the mail outbox. The outbox is the platform's, not one conference's: rows carry
 * their conference (null for platform mail), and the worker works through every conference's rows.
 * Instants are passed in as UTC text (toDbInstant) so the worker's clock decides what is due.
 * Read by the worker, the managers' delivery log (deliveryLog.ts) and a person's own data
 * (personalData.ts); rows leave with their ids as numbers.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, toDbInstant } from '../../db/dialect';
import { localDaySql, whereLocalDays } from '../../platform/overviewFigures';
import { MAIL_STATUS_GROUPS, type MailLogFilter } from '../../contract/mail';

type Conn = Db | Tx;

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

export type MailRow = {
  id: number;
  conference_id: number | null;
  to_address: string;
  bcc_address: string | null;
  kind: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
};

/** A message as the feature reads it: its ids as numbers, its instants as `Date`. */
export type Mail = Omit<MailRow, 'next_attempt_at' | 'locked_until' | 'created_at' | 'sent_at'> & {
  next_attempt_at: Date;
  locked_until: Date | null;
  created_at: Date;
  sent_at: Date | null;
};

/** A row with its ids as numbers, whatever the driver gave, and its instants as `Date`. */
function cleanMail(r: MailRow): Mail {
  return {
    ...r,
    id: Number(r.id),
    conference_id: r.conference_id === null ? null : Number(r.conference_id),
    next_attempt_at: fromDbInstant(r.next_attempt_at)!,
    locked_until: fromDbInstant(r.locked_until),
    created_at: fromDbInstant(r.created_at)!,
    sent_at: fromDbInstant(r.sent_at),
  };
}

export function insertMail(
  db: Conn,
  conferenceId: number | null,
  row: {
    to: string;
    bcc?: string | null;
    kind?: string | null;
    subject: string;
    text: string;
    html: string | null;
    at: string;
  },
): Promise<number> {
  return insertId(
    db('mail_outbox').insert({
      conference_id: conferenceId,
      to_address: row.to,
      bcc_address: row.bcc ?? null,
      kind: row.kind ?? null,
      subject: row.subject,
      text_body: row.text,
      html_body: row.html,
      status: 'queued',
      attempts: 0,
      next_attempt_at: row.at,
      created_at: row.at,
    }),
  );
}

/** Rows to attempt now: queued and due, or stuck in 'sending' by a worker whose claim ran out. */
export async function dueMailIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await db('mail_outbox')
    .where((w) => w.where({ status: 'queued' }).andWhere('next_attempt_at', '<=', now))
    .orWhere((w) => w.where({ status: 'sending' }).andWhere('locked_until', '<', now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .select('id');
  return rows.map((r) => Number(r.id));
}

/**
 * Takes one row for this worker: true only when this very UPDATE moved it to 'sending', so two
 * workers (or instances) never both send it.
 */
export async function claimMail(db: Db, id: number, now: string, lockedUntil: string): Promise<boolean> {
  const changed = await db('mail_outbox')
    .where({ id })
    .andWhere((w) =>
      w
        .where((q) => q.where({ status: 'queued' }).andWhere('next_attempt_at', '<=', now))
        .orWhere((q) => q.where({ status: 'sending' }).andWhere('locked_until', '<', now)),
    )
    .update({ status: 'sending', locked_until: lockedUntil });
  return Number(changed) === 1;
}

export async function findMail(db: Conn, id: number): Promise<Mail | undefined> {
  const row = await db('mail_outbox').where({ id }).first();
  return row && cleanMail(row);
}

/** The result of an attempt, written only while this worker still holds the row. */
export async function finishMail(
  db: Conn,
  id: number,
  lockedUntil: string,
  changes: Partial<Pick<MailRow, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'message_id' | 'sent_at'>>,
): Promise<boolean> {
  const changed = await db('mail_outbox')
    .where({ id, status: 'sending', locked_until: lockedUntil })
    .update({ ...changes, locked_until: null });
  return Number(changed) === 1;
}

/** Kept and queued rows for the development mail page, newest first. */
export async function listUnsentMail(db: Db, opts: { to?: string; limit: number }): Promise<Mail[]> {
  const q = db('mail_outbox').whereIn('status', ['kept', 'queued']);
  if (opts.to) {
    const pattern = `%${opts.to.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    q.andWhere((w) =>
      w.whereRaw("to_address like ? escape '!'", [pattern]).orWhereRaw("bcc_address like ? escape '!'", [pattern]),
    );
  }
  return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit)).map(cleanMail);
}

/** Rows not sent, by status, across conferences: one grouped count for the metrics (index.ts). */
export async function unsentMailCounts(db: Db): Promise<Array<{ status: MailStatus; count: number }>> {
  const rows: Array<{ status: MailStatus; count: number | string }> = await db('mail_outbox')
    .whereIn('status', ['queued', 'sending', 'failed'])
    .select('status')
    .count({ count: '*' })
    .groupBy('status');
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** The managers' overview (issue 33): a conference's messages by local day of queueing and status, since `since`. */
export async function mailFigures(
  db: Conn,
  conferenceId: number,
  offsetMinutes: number,
  since: Date,
): Promise<Array<{ day: string; status: string; n: number }>> {
  const day = localDaySql(db, 'created_at', offsetMinutes);
  const rows = (await db('mail_outbox')
    .where({ conference_id: conferenceId })
    .where('created_at', '>=', toDbInstant(since))
    .select({ day }, 'status', db.raw('count(*) as n'))
    .groupBy('day', 'status')
    .orderBy('day')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ day: String(r.day), status: String(r.status), n: Number(r.n) || 0 }));
}

/** One message of the conference's delivery log, or undefined. */
export async function conferenceMail(db: Conn, conferenceId: number, id: number): Promise<Mail | undefined> {
  const row = await db('mail_outbox').where({ id, conference_id: conferenceId }).first();
  return row && cleanMail(row);
}

/** A page of the conference's delivery log, newest first, with the count of all that match the filter. */
export async function mailLogPage(
  db: Conn,
  conferenceId: number,
  q: MailLogFilter & { page: number; size: number },
  offsetMinutes: number,
): Promise<{ total: number; rows: Mail[] }> {
  const base = () => {
    const qb = db('mail_outbox').where({ conference_id: conferenceId });
    if (q.status === 'unsent' || q.status === 'delivered') qb.whereIn('status', MAIL_STATUS_GROUPS[q.status]);
    else if (q.status) qb.andWhere({ status: q.status });
    // the days as the overview counts them (mailFigures)
    if (q.from || q.to) whereLocalDays(qb, 'created_at', q, offsetMinutes);
    return qb;
  };
  const total = Number((await base().count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
  const rows = await base()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { total, rows: rows.map(cleanMail) };
}

/** A failed message of the conference, or undefined. */
export async function failedMail(db: Conn, conferenceId: number, id: number): Promise<Mail | undefined> {
  const row = await db('mail_outbox').where({ id, conference_id: conferenceId, status: 'failed' }).first();
  return row && cleanMail(row);
}

/** Puts a failed message back in the queue, as new; false when it is no longer failed. */
export async function requeueFailedMail(db: Conn, conferenceId: number, id: number, now: string): Promise<boolean> {
  const changed = await db('mail_outbox')
    .where({ id, conference_id: conferenceId, status: 'failed' })
    .update({ status: 'queued', attempts: 0, next_attempt_at: now, last_error: null, locked_until: null });
  return Boolean(changed);
}

// A person's own data (personalData.ts): by person, across conferences and the platform.

/** A LIKE pattern for a literal text, with `!` as the escape on both dialects. */
const contains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Messages addressed to this (lower-case) e-mail, in To or Bcc, oldest first. */
export async function mailAddressedTo(db: Conn, email: string): Promise<Mail[]> {
  const rows = await db('mail_outbox')
    .where((w) =>
      w
        .whereRaw('?? like ? escape ?', ['to_address', contains(email), '!'])
        .orWhereRaw('?? like ? escape ?', ['bcc_address', contains(email), '!']),
    )
    .orderBy('id');
  return rows.map(cleanMail);
}

/** Up to `limit` messages with any of these texts in an address, the subject or a body, oldest first. */
export async function mailMentioning(db: Conn, words: string[], limit: number): Promise<Mail[]> {
  const rows = await db('mail_outbox')
    .where((w) => {
      for (const word of words)
        for (const col of ['to_address', 'bcc_address', 'subject', 'text_body', 'html_body'])
          w.orWhereRaw('?? like ? escape ?', [col, contains(word), '!']);
    })
    .orderBy('id')
    .limit(limit);
  return rows.map(cleanMail);
}

export async function deleteMail(db: Conn, id: number): Promise<void> {
  await db('mail_outbox').where({ id }).del();
}

/** Rewrites a message's addresses and texts (a person's name and address taken out). */
export async function rewriteMail(
  db: Conn,
  id: number,
  next: Pick<MailRow, 'to_address' | 'bcc_address' | 'subject' | 'text_body' | 'html_body'>,
): Promise<void> {
  await db('mail_outbox').where({ id }).update(next);
}
