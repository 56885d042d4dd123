/**
 * The mail outbox (DESIGN.md 7). A module that sends mail calls `enqueueMail` inside its own
 * transaction: the message is written with the request's other changes, or not at all, and the
 * worker (worker.ts) delivers it later. Nothing here talks to an SMTP server.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { badRequest } from '../../platform/errors';
import * as repo from './repo';

export type OutgoingMail = {
  /** null: platform mail (verification codes on the platform host) */
  conferenceId: number | null;
  to: string[];
  subject: string;
  text: string;
  html?: string;
};

const MAX_TO_LENGTH = 2000;
const MAX_SUBJECT_LENGTH = 500;
// CR/LF would let a value add headers; a comma would split one stored address into two.
const BAD_ADDRESS = /[\r\n,;<>]/;

function checkAddresses(addresses: string[], field: string): void {
  if (addresses.some((a) => a === '' || BAD_ADDRESS.test(a) || !a.includes('@'))) throw badRequest('commonMsg.invalidInput', field);
}

/** Writes a queued message (in the caller's transaction when given one) and returns its id. */
export async function enqueueMail(db: Db | Tx, message: OutgoingMail): Promise<number> {
  const addresses = (message.to ?? []).map((a) => String(a).trim());
  if (addresses.length === 0) throw badRequest('commonMsg.invalidInput', 'to');
  checkAddresses(addresses, 'to');
  const to = addresses.join(', ');
  if (to.length > MAX_TO_LENGTH) throw badRequest('commonMsg.invalidInput', 'to');
  const subject = String(message.subject ?? '');
  if (/[\r\n]/.test(subject) || subject.length > MAX_SUBJECT_LENGTH) throw badRequest('commonMsg.invalidInput', 'subject');
  return repo.insertMail(db, message.conferenceId, {
    to,
    subject,
    text: String(message.text ?? ''),
    html: message.html ?? null,
    at: toDbInstant(),
  });
}

/** Recommended at most this many recipients per message (spec 9). */
export const BULK_BATCH = 20;

/**
 * One message to many (a manager's mail to registrants): split into messages of at most 20
 * recipients, each recipient in Bcc so that nobody sees another's address. Answers the number
 * of messages written (in the caller's transaction when given one).
 */
export async function enqueueBulkMail(db: Db | Tx, message: { conferenceId: number; to: string[]; subject: string; text: string; html: string; kind: string }): Promise<number> {
  const addresses = [...new Set(message.to.map((a) => String(a).trim().toLowerCase()))];
  checkAddresses(addresses, 'to');
  const subject = String(message.subject ?? '');
  if (/[\r\n]/.test(subject) || subject.length > MAX_SUBJECT_LENGTH) throw badRequest('commonMsg.invalidInput', 'subject');
  const at = toDbInstant();
  let count = 0;
  for (let i = 0; i < addresses.length; i += BULK_BATCH) {
    const batch = addresses.slice(i, i + BULK_BATCH);
    await repo.insertMail(db, message.conferenceId, { to: '', bcc: batch.join(', '), kind: message.kind, subject, text: message.text, html: message.html, at });
    count++;
  }
  return count;
}

export type DevMail = { id: number; conferenceId: number | null; status: string; createdAt: string; to: string; subject: string; text: string };

/** Kept and queued messages for /_dev/mail, newest first; `to` narrows them to one recipient. */
export async function listDevMail(db: Db, opts: { to?: string; limit?: number } = {}): Promise<DevMail[]> {
  const rows = await repo.listUnsentMail(db, { to: opts.to?.trim() || undefined, limit: opts.limit ?? 100 });
  return rows.map((r) => ({
    id: Number(r.id),
    conferenceId: r.conference_id === null ? null : Number(r.conference_id),
    status: r.status,
    createdAt: r.created_at,
    to: r.to_address || `Bcc: ${r.bcc_address ?? ''}`,
    subject: r.subject,
    text: r.text_body,
  }));
}
