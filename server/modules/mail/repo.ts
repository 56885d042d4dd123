/**
 * knex queries of the mail outbox. The outbox is the platform's, not one conference's: rows carry
 * their conference (null for platform mail), and the worker works through every conference's rows.
 * Instants are passed in as UTC text (toDbInstant) so the worker's clock decides what is due.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import { localDaySql } from '../../platform/overviewFigures';

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

export function insertMail(
  db: Conn,
  conferenceId: number | null,
  row: { to: string; bcc?: string | null; kind?: string | null; subject: string; text: string; html: string | null; at: string },
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

export function findMail(db: Conn, id: number): Promise<MailRow | undefined> {
  return db<MailRow>('mail_outbox').where({ id }).first();
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
export function listUnsentMail(db: Db, opts: { to?: string; limit: number }): Promise<MailRow[]> {
  const q = db<MailRow>('mail_outbox').whereIn('status', ['kept', 'queued']);
  if (opts.to) {
    const pattern = `%${opts.to.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    q.andWhere((w) => w.whereRaw("to_address like ? escape '!'", [pattern]).orWhereRaw("bcc_address like ? escape '!'", [pattern]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit);
}

/** Rows not sent, by status, across conferences: one grouped count for the metrics (index.ts). */
export async function unsentMailCounts(db: Db): Promise<Array<{ status: MailStatus; count: number }>> {
  const rows: Array<{ status: MailStatus; count: number | string }> = await db('mail_outbox').whereIn('status', ['queued', 'sending', 'failed']).select('status').count({ count: '*' }).groupBy('status');
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** The managers' overview (issue 33): a conference's messages by local day of queueing and status, since `since`. */
export async function mailFigures(db: Conn, conferenceId: number, offsetMinutes: number, since: Date): Promise<Array<{ day: string; status: string; n: number }>> {
  const day = localDaySql(db, 'created_at', offsetMinutes);
  const rows = (await db('mail_outbox').where({ conference_id: conferenceId }).where('created_at', '>=', toDbInstant(since))
    .select({ day }, 'status', db.raw('count(*) as n')).groupBy('day', 'status').orderBy('day')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ day: String(r.day), status: String(r.status), n: Number(r.n) || 0 }));
}
