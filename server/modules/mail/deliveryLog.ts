/**
 * A conference's delivery log as managers read it: a page of messages, one message with its
 * content (unless it is a secret), and sending a failed message again. Codes and the keys in
 * activation links are masked; a failure is shown by its class, never the remote server's text.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import type { MailLogFilter, MailLogMessage, MailLogPage, MailLogRow } from '../../contract/mail';
import { shownError } from './errorClass';
import { withAdmission, type ConferenceMailGate } from './gate';
import * as repo from './repo';

const recipientsOf = (row: { to_address: string; bcc_address: string | null }) =>
  [row.to_address, row.bcc_address ?? '']
    .flatMap((list) => list.split(','))
    .map((a) => a.trim())
    .filter(Boolean);

/** Mail whose content managers may not read: verification codes (and old rows of unknown kind, which may be codes). */
const SECRET_KINDS = new Set([null, 'verificationCode']);

/** Keys in links that work for whoever holds them (a reviewer's activation), masked in what managers read. */
const maskKeys = (s: string) => s.replace(/(\/review\/active\/)[A-Za-z0-9_-]{8,}/g, '$1******');

function logRow(r: repo.Mail): MailLogRow {
  return {
    id: r.id,
    to: String(r.to_address || `Bcc: ${r.bcc_address ?? ''}`),
    // Verification codes are secrets: the log shows that a code was sent, not the code.
    subject: String(r.subject).replace(/\b\d{6}\b/g, '******'),
    kind: r.kind ?? null,
    status: String(r.status),
    attempts: Number(r.attempts),
    // A class key (mail:error.*), translated by the screen; never the remote server's text.
    lastError: shownError(r.last_error ?? null),
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
  };
}

export async function mailMessage(db: Db, conferenceId: number, id: number): Promise<MailLogMessage> {
  const r = await repo.conferenceMail(db, conferenceId, id);
  if (!r) throw new AppError(404, 'mail:messageNotFound');
  const withheld = SECRET_KINDS.has(r.kind ?? null);
  const list = (v: string | null) =>
    String(v ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  return {
    ...logRow(r),
    toList: list(r.to_address),
    bccList: list(r.bcc_address),
    html: withheld || r.html_body === null ? null : maskKeys(String(r.html_body)),
    text: withheld ? '' : maskKeys(String(r.text_body ?? '')),
    withheld,
  };
}

export async function mailLog(
  db: Db,
  conferenceId: number,
  q: MailLogFilter & { page: number; size: number },
  offsetMinutes: number,
): Promise<MailLogPage> {
  const { total, rows } = await repo.mailLogPage(db, conferenceId, q, offsetMinutes);
  return { total, rows: rows.map(logRow) };
}

/** Queues a failed message again; sending again is sending: the same rule and budget as a new message. */
export async function resendMail(db: Db, gate: ConferenceMailGate, conferenceId: number, id: number): Promise<void> {
  const row = await repo.failedMail(db, conferenceId, id);
  if (!row) throw new AppError(400, 'mail:notFailed');
  await withAdmission(await gate.admit(conferenceId, recipientsOf(row)), async () => {
    if (!(await repo.requeueFailedMail(db, conferenceId, id, toDbInstant()))) throw new AppError(400, 'mail:notFailed');
  });
}
