/**
 * Where the worker sends a message: the platform's SMTP server (SMTP_URL) through nodemailer,
 * 'keep' (development without SMTP: the message stays in the outbox, shown at /_dev/mail), or
 * null (production without SMTP: the attempt fails and is retried like any other failure).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** `to` may be empty when the recipients are all in `bcc` (bulk mail). */
export type TransportMessage = { to: string; bcc?: string | null; subject: string; text: string; html?: string | null };

export type Transport = {
  /** the From header of every message sent through it */
  from: string;
  send(msg: TransportMessage): Promise<{ messageId: string }>;
};

export type MailTransports = {
  forConference(conferenceId: number | null): Promise<Transport | 'keep' | null>;
};

// Shorter than nodemailer's defaults (up to 10 min) and than the worker's 2-minute claim on a row,
// so a hanging server fails the attempt instead of outliving the claim. A URL parameter wins.
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export const NO_SMTP_ERROR = 'No SMTP server configured (SMTP_URL)';

/** A transport for `smtp://user:pass@host:587` or `smtps://…:465`; `?from=` sets the sender. */
export function smtpTransport(smtpUrl: string, platformHost: string): Transport {
  const url = new URL(smtpUrl);
  const fromParam = url.searchParams.get('from');
  url.searchParams.delete('from');
  const user = decodeURIComponent(url.username);
  const from = fromParam || (/^[^@\s]+@[^@\s]+$/.test(user) ? user : `noreply@${platformHost}`);
  const transporter = nodemailer.createTransport({ ...TIMEOUTS, url: url.toString() });
  return {
    from,
    async send(msg) {
      const info = await transporter.sendMail({
        from,
        to: msg.to || undefined,
        ...(msg.bcc ? { bcc: msg.bcc } : {}),
        subject: msg.subject,
        text: msg.text,
        ...(msg.html ? { html: msg.html } : {}),
      });
      return { messageId: info.messageId };
    },
  };
}

/** The platform's transport, or a conference's own SMTP (ConferenceSmtp) while it is active. */
export function platformTransports(
  config: Config,
  conferences?: { transport(conferenceId: number): Promise<Transport | null> },
): MailTransports {
  const platform: Transport | 'keep' | null = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.PLATFORM_HOST)
    : config.NODE_ENV === 'production'
      ? null
      : 'keep';
  return {
    forConference: async (conferenceId) =>
      conferenceId !== null && conferences ? ((await conferences.transport(conferenceId)) ?? platform) : platform,
  };
}
