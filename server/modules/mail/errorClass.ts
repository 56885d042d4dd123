/**
 * What went wrong with an SMTP attempt, as a class with a message key (mail:error.<class>).
 * The remote server's own text (its greeting, its replies) is never shown to a manager nor
 * stored in the mail log: a conference's SMTP host is typed by a manager, and another service's
 * banner would otherwise leak through it. The operator's server log keeps the details.
 */
import { HostRefused } from '../../platform/netGuard';

export const MAIL_ERROR_CLASSES = [
  'hostRefused',
  'portRefused',
  'notFound',
  'connect',
  'timeout',
  'tls',
  'protocol',
  'auth',
  'sender',
  'recipient',
  'message',
  'noSmtp',
  'unknown',
] as const;
export type MailErrorClass = (typeof MAIL_ERROR_CLASSES)[number];

export const errorKey = (c: MailErrorClass) => `mail:error.${c}`;

const KEYS: ReadonlySet<string> = new Set(MAIL_ERROR_CLASSES.map(errorKey));

/** A stored last_error as the mail log shows it: a known class key, anything older is 'unknown'. */
export function shownError(stored: string | null): string | null {
  if (stored === null || stored === '') return null;
  return KEYS.has(stored) ? stored : errorKey('unknown');
}

const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY)_|ERR_OSSL_|HOSTNAME_MISMATCH)/;
const CONNECT_CODE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
]);

export function mailErrorClass(err: unknown): MailErrorClass {
  if (err instanceof HostRefused) return err.reason;
  const e = (err ?? {}) as { code?: string; originalCode?: string; command?: string; reason?: string };
  const code = String(e.code ?? '');
  const original = String(e.originalCode ?? '');
  if (code === 'ETLS' || TLS_CODE.test(original) || TLS_CODE.test(code) || original === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return 'tls';
  if (code === 'ETIMEDOUT' || original === 'ETIMEDOUT') return 'timeout';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth';
  if (code === 'EDNS') return 'notFound';
  if (code === 'EENVELOPE') return e.command === 'MAIL FROM' ? 'sender' : 'recipient';
  if (code === 'EMESSAGE') return 'message';
  if (code === 'EPROTOCOL') return 'protocol';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || CONNECT_CODE.has(code) || CONNECT_CODE.has(original))
    return 'connect';
  return 'unknown';
}
