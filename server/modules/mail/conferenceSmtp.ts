/**
 * A conference's own SMTP settings (spec 3 "Email config", 5): saved with the password encrypted
 * at rest and never sent back; a test message sent at once, answered with a class of what went
 * wrong (errorClass.ts); and the transport the worker uses for the conference's mail.
 *
 * The host is typed by a manager, so every connection goes through the HostGuard: resolved,
 * refused when it (or the port) is not allowed, and made to the address that was checked with
 * the TLS server name still the host's name. The check runs on save and again on every send,
 * so a row written before, or a name that changes its answer, reaches nothing private.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import type { MailConfigInput as ParsedInput, MailConfigView } from '../../contract/mail';

/** The settings as parsed; the phone is optional (it plays no part in sending). */
type MailConfigInput = Omit<ParsedInput, 'phone'> & { phone?: string };
import { type HostGuard, HostRefused } from '../../platform/netGuard';
import { sealer, type Sealer } from '../../platform/sealed';
import type { Transport, TransportMessage } from './transport';
import { errorKey, mailErrorClass } from './errorClass';
import { configRow, insertConfig, updateConfig, type ConfigRow } from './smtpRepo';

// Short: a manager waits for the test; the worker has its own, longer ones.
const TEST_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };
const SEND_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

type Settings = { email: string; password: string; smtpHost: string; port: number; ssl: boolean };

export class ConferenceSmtp {
  private readonly sealed: Sealer;
  private readonly cache = new Map<number, { updatedAt: string; settings: Settings }>();

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly guard: HostGuard,
  ) {
    // 'mail-config' is the purpose the stored passwords were sealed with: keep it.
    this.sealed = sealer(secret, 'mail-config');
  }

  private row(conferenceId: number): Promise<ConfigRow | undefined> {
    return configRow(this.db, conferenceId);
  }

  async view(conferenceId: number): Promise<MailConfigView | null> {
    const row = await this.row(conferenceId);
    return row
      ? {
          email: row.email,
          smtpHost: row.smtp_host,
          port: Number(row.port),
          ssl: Boolean(row.ssl),
          active: Boolean(row.active),
          hasPassword: Boolean(row.password_enc),
          phone: row.phone ?? '',
        }
      : null;
  }

  /** The host and port must be reachable under the platform's policy; refused with the field. */
  private async checkHost(input: { smtpHost: string; port: number }): Promise<void> {
    try {
      await this.guard.resolve(input.smtpHost, input.port);
    } catch (err) {
      if (!(err instanceof HostRefused)) throw err;
      throw new AppError(400, errorKey(err.reason), { field: err.reason === 'portRefused' ? 'port' : 'smtpHost' });
    }
  }

  async save(conferenceId: number, input: MailConfigInput): Promise<MailConfigView> {
    const existing = await this.row(conferenceId);
    if (!input.password && !existing) throw new AppError(400, 'passwordRequire', { field: 'password' });
    await this.checkHost(input);
    const values = {
      email: input.email,
      password_enc: input.password ? this.sealed.seal(input.password) : existing!.password_enc,
      smtp_host: input.smtpHost,
      port: input.port,
      ssl: input.ssl,
      active: input.active,
      phone: input.phone ?? '',
      updated_at: toDbInstant(),
    };
    if (existing) await updateConfig(this.db, conferenceId, values);
    else await insertConfig(this.db, conferenceId, values);
    this.cache.delete(conferenceId);
    return (await this.view(conferenceId))!;
  }

  async isActive(conferenceId: number): Promise<boolean> {
    return Boolean((await this.row(conferenceId))?.active);
  }

  /**
   * One message over one connection to the checked address. The host name stays the TLS server
   * name (SNI and certificate check), so pinning the address weakens nothing.
   */
  private async deliver(
    c: Settings,
    timeouts: typeof SEND_TIMEOUTS,
    msg: TransportMessage,
  ): Promise<{ messageId: string }> {
    const { address } = await this.guard.resolve(c.smtpHost, c.port);
    const servername = net.isIP(c.smtpHost) ? undefined : c.smtpHost;
    const transporter = nodemailer.createTransport({
      host: address,
      port: c.port,
      secure: c.ssl,
      ...(servername ? { servername, tls: { servername } } : {}),
      auth: { user: c.email, pass: c.password },
      disableFileAccess: true,
      disableUrlAccess: true,
      ...timeouts,
    });
    try {
      const info = await transporter.sendMail({
        from: c.email,
        to: msg.to || undefined,
        ...(msg.bcc ? { bcc: msg.bcc } : {}),
        subject: msg.subject,
        text: msg.text,
        ...(msg.html ? { html: msg.html } : {}),
      });
      return { messageId: info.messageId };
    } finally {
      transporter.close();
    }
  }

  /** The conference's transport while its settings are active, else null (the platform's is used). */
  async transport(conferenceId: number): Promise<Transport | null> {
    const row = await this.row(conferenceId);
    if (!row || !row.active) return null;
    let cached = this.cache.get(conferenceId);
    // Another instance may have saved new settings: the row's time says which settings are current.
    if (!cached || cached.updatedAt !== row.updated_at) {
      cached = {
        updatedAt: row.updated_at,
        settings: {
          email: row.email,
          password: this.sealed.open(row.password_enc),
          smtpHost: row.smtp_host,
          port: Number(row.port),
          ssl: Boolean(row.ssl),
        },
      };
      this.cache.set(conferenceId, cached);
    }
    const settings = cached.settings;
    return { from: settings.email, send: (msg) => this.deliver(settings, SEND_TIMEOUTS, msg) };
  }

  /**
   * Sends a test message now with the given settings (the saved password when none is given).
   * A failure answers 400 with the class of what went wrong (mail:error.*), never the server's text.
   */
  async test(
    conferenceId: number,
    input: MailConfigInput,
    to: string,
    text: { subject: string; body: string },
  ): Promise<void> {
    const existing = await this.row(conferenceId);
    const password = input.password || (existing ? this.sealed.open(existing.password_enc) : '');
    if (!password) throw new AppError(400, 'passwordRequire', { field: 'password' });
    await this.checkHost(input);
    try {
      await this.deliver({ ...input, password }, TEST_TIMEOUTS, { to, subject: text.subject, text: text.body });
    } catch (err) {
      throw new AppError(400, errorKey(mailErrorClass(err)));
    }
  }
}
