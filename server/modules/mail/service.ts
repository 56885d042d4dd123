/**
 * The mail outbox (DESIGN.md 7). A module that sends mail calls `enqueueMail` inside its own
 * transaction: the message is written with the request's other changes, or not at all, and the
 * worker (worker.ts) delivers it later. Nothing here talks to an SMTP server.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { badRequest } from '../../platform/errors';
import * as repo from './repo';
import { withAdmission, type ConferenceMailGate } from './gate';

export type OutgoingMail = {
  /** null: platform mail (verification codes on the platform host) */
  conferenceId: number | null;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** the template kind it was written from, for the delivery log */
  kind?: string;
};

const MAX_TO_LENGTH = 2000;
const MAX_SUBJECT_LENGTH = 500;
// CR/LF would let a value add headers; a comma would split one stored address into two.
const BAD_ADDRESS = /[\r\n,;<>]/;

function checkAddresses(addresses: string[], field: string): void {
  if (addresses.some((a) => a === '' || BAD_ADDRESS.test(a) || !a.includes('@')))
    throw badRequest('commonMsg.invalidInput', field);
}

/** Writes a queued message (in the caller's transaction when given one) and returns its id. */
export async function enqueueMail(db: Db | Tx, message: OutgoingMail): Promise<number> {
  const addresses = (message.to ?? []).map((a) => String(a).trim());
  if (addresses.length === 0) throw badRequest('commonMsg.invalidInput', 'to');
  checkAddresses(addresses, 'to');
  const to = addresses.join(', ');
  if (to.length > MAX_TO_LENGTH) throw badRequest('commonMsg.invalidInput', 'to');
  const subject = String(message.subject ?? '');
  if (/[\r\n]/.test(subject) || subject.length > MAX_SUBJECT_LENGTH)
    throw badRequest('commonMsg.invalidInput', 'subject');
  return repo.insertMail(db, message.conferenceId, {
    to,
    subject,
    text: String(message.text ?? ''),
    html: message.html ?? null,
    kind: message.kind ?? null,
    at: toDbInstant(),
  });
}

/** Recommended at most this many recipients per message (spec 9). */
export const BULK_BATCH = 20;
/** The width of mail_outbox.bcc_address (migration 012): a batch's list never exceeds it. */
export const MAX_BCC_LENGTH = 4000;
const SEPARATOR = ', ';

/** Consecutive groups of at most BULK_BATCH addresses whose joined list fits MAX_BCC_LENGTH. */
export function bulkBatches(addresses: string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let length = 0;
  for (const a of addresses) {
    const added = (batch.length ? SEPARATOR.length : 0) + a.length;
    if (batch.length && (batch.length === BULK_BATCH || length + added > MAX_BCC_LENGTH)) {
      batches.push(batch);
      batch = [];
      length = 0;
    }
    length += (batch.length ? SEPARATOR.length : 0) + a.length;
    batch.push(a);
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * One message to many (a manager's mail to registrants): split into messages of at most 20
 * recipients (and at most MAX_BCC_LENGTH characters of addresses), each recipient in Bcc so that
 * nobody sees another's address. All the messages are written in one transaction (a savepoint
 * inside the caller's): all or none, so a retry after a failure never mails anyone twice.
 * Answers the number of messages written.
 */
export async function enqueueBulkMail(
  db: Db | Tx,
  message: { conferenceId: number; to: string[]; subject: string; text: string; html: string; kind: string },
): Promise<number> {
  const addresses = [...new Set(message.to.map((a) => String(a).trim().toLowerCase()))];
  checkAddresses(addresses, 'to');
  if (addresses.some((a) => a.length > 254)) throw badRequest('commonMsg.invalidInput', 'to');
  const subject = String(message.subject ?? '');
  if (/[\r\n]/.test(subject) || subject.length > MAX_SUBJECT_LENGTH)
    throw badRequest('commonMsg.invalidInput', 'subject');
  const at = toDbInstant();
  const batches = bulkBatches(addresses);
  await db.transaction(async (tx) => {
    for (const batch of batches) {
      await repo.insertMail(tx, message.conferenceId, {
        to: '',
        bcc: batch.join(SEPARATOR),
        kind: message.kind,
        subject,
        text: message.text,
        html: message.html,
        at,
      });
    }
  });
  return batches.length;
}

/**
 * Bulk mail a manager asked for: the whole list must pass the gate (refused as a whole while
 * unpublished with a stranger in it, or beyond the day's budget), counted before the outbox
 * transaction and given back if writing fails.
 */
export async function enqueueManagerBulkMail(
  gate: ConferenceMailGate,
  db: Db,
  message: Parameters<typeof enqueueBulkMail>[1],
): Promise<number> {
  return withAdmission(await gate.admit(message.conferenceId, message.to), (admitted) =>
    enqueueBulkMail(db, { ...message, to: admitted.to }),
  );
}

export type DevMail = {
  id: number;
  conferenceId: number | null;
  status: string;
  createdAt: string;
  to: string;
  subject: string;
  text: string;
};

/** Kept and queued messages for /_dev/mail, newest first; `to` narrows them to one recipient. */
export async function listDevMail(db: Db, opts: { to?: string; limit?: number } = {}): Promise<DevMail[]> {
  const rows = await repo.listUnsentMail(db, { to: opts.to?.trim() || undefined, limit: opts.limit ?? 100 });
  return rows.map((r) => ({
    id: r.id,
    conferenceId: r.conference_id,
    status: r.status,
    // the stored text, as the development page has always shown it
    createdAt: toDbInstant(r.created_at),
    to: r.to_address || `Bcc: ${r.bcc_address ?? ''}`,
    subject: r.subject,
    text: r.text_body,
  }));
}
