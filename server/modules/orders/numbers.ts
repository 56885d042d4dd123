/**
 * The numbers people and providers see. Order and attempt numbers are letters and digits only, at
 * most 32 (what the card processors and wallets accept as an out-trade number); an attempt's number
 * is new each time a payment is started, so a provider never sees one number twice.
 *
 * The transfer reference is short enough to type into a bank's memo field and unlikely to appear by
 * chance in other text: "CP" and eight characters of Crockford's base 32 (no I, L, O or U, so it
 * survives being read aloud or retyped). Uniqueness is the database's: a collision is retried.
 */
import crypto from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomChars(n: number): string {
  const bytes = crypto.randomBytes(n);
  let out = '';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

function stamp(now: Date): string {
  return now.toISOString().slice(0, 10).replace(/-/g, '');
}

/** e.g. O20261123K7Q2M9XH */
export const newOrderNo = (now = new Date()) => `O${stamp(now)}${randomChars(8)}`;

/** e.g. P20261123W3N8R1TZ5C (a new one at every start of a payment) */
export const newAttemptNo = (now = new Date()) => `P${stamp(now)}${randomChars(10)}`;

/** e.g. CP7K2QX9MH */
export const newReference = () => `CP${randomChars(8)}`;

/** The references found in a transfer's text, as typed (any case, spaces or dashes inside tolerated). */
export function referencesIn(text: string): string[] {
  const compact = text.toUpperCase().replace(/[\s-]+/g, '');
  return [...new Set(compact.match(/CP[0-9A-HJKMNP-TV-Z]{8}/g) ?? [])];
}
