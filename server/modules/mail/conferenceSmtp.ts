/**
 * A conference's own SMTP settings (spec 3 "Email config", 5): saved with the password encrypted
 * at rest and never sent back; a test message sent at once, with the spec's two messages for what
 * goes wrong; and the nodemailer transport the worker uses for the conference's mail.
 */
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { emailField, PASSWORD_PATTERN } from '../../contract/validation';
import type { Transport } from './transport';

type ConfigRow = { conference_id: number; email: string; password_enc: string; smtp_host: string; port: number; ssl: number | boolean; active: number | boolean; updated_at: string };

export type MailConfigView = { email: string; smtpHost: string; port: number; ssl: boolean; active: boolean; hasPassword: boolean };

export const mailConfigInput = z
  .object({
    email: emailField,
    // Empty: keep the saved password (it is never sent to the browser).
    password: z.string().max(200).optional().default(''),
    confirmPassword: z.string().max(200).optional().default(''),
    smtpHost: z.string().trim().min(1, 'mail:smtpRequired').max(253, 'mail:smtpRequired').regex(/^[A-Za-z0-9.-]+$/, 'mail:smtpInvalid'),
    port: z.number({ message: 'mail:portInvalid' }).int('mail:portInvalid').min(1, 'mail:portInvalid').max(65535, 'mail:portInvalid'),
    ssl: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: 'passwordError', path: ['confirmPassword'] });
    else if (v.password && !PASSWORD_PATTERN.test(v.password)) ctx.addIssue({ code: 'custom', message: 'passwordCheck', path: ['password'] });
  });
export type MailConfigInput = z.infer<typeof mailConfigInput>;

// Short: a manager waits for the test; the worker has its own, longer ones.
const TEST_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };
const SEND_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export class ConferenceSmtp {
  private readonly key: Buffer;
  private readonly cache = new Map<number, { updatedAt: string; transport: Transport }>();

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.key = crypto.createHash('sha256').update(`mail-config:${secret}`).digest();
  }

  private encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  private decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  private row(conferenceId: number): Promise<ConfigRow | undefined> {
    return this.db<ConfigRow>('mail_configs').where({ conference_id: conferenceId }).first();
  }

  async view(conferenceId: number): Promise<MailConfigView | null> {
    const row = await this.row(conferenceId);
    return row ? { email: row.email, smtpHost: row.smtp_host, port: Number(row.port), ssl: Boolean(row.ssl), active: Boolean(row.active), hasPassword: Boolean(row.password_enc) } : null;
  }

  async save(conferenceId: number, input: MailConfigInput): Promise<MailConfigView> {
    const existing = await this.row(conferenceId);
    if (!input.password && !existing) throw new AppError(400, 'passwordRequire', 'password');
    const values = {
      email: input.email,
      password_enc: input.password ? this.encrypt(input.password) : existing!.password_enc,
      smtp_host: input.smtpHost,
      port: input.port,
      ssl: input.ssl,
      active: input.active,
      updated_at: toDbInstant(),
    };
    if (existing) await this.db('mail_configs').where({ conference_id: conferenceId }).update(values);
    else await this.db('mail_configs').insert({ conference_id: conferenceId, ...values });
    this.cache.delete(conferenceId);
    return (await this.view(conferenceId))!;
  }

  async isActive(conferenceId: number): Promise<boolean> {
    return Boolean((await this.row(conferenceId))?.active);
  }

  private options(c: { email: string; password: string; smtpHost: string; port: number; ssl: boolean }, timeouts: typeof SEND_TIMEOUTS) {
    return { host: c.smtpHost, port: c.port, secure: c.ssl, auth: { user: c.email, pass: c.password }, ...timeouts };
  }

  /** The conference's transport while its settings are active, else null (the platform's is used). */
  async transport(conferenceId: number): Promise<Transport | null> {
    const row = await this.row(conferenceId);
    if (!row || !row.active) return null;
    const cached = this.cache.get(conferenceId);
    // Another instance may have saved new settings: the row's time says which transport is current.
    if (cached && cached.updatedAt === row.updated_at) return cached.transport;
    const transporter = nodemailer.createTransport(this.options({ email: row.email, password: this.decrypt(row.password_enc), smtpHost: row.smtp_host, port: Number(row.port), ssl: Boolean(row.ssl) }, SEND_TIMEOUTS));
    const transport: Transport = {
      from: row.email,
      async send(msg) {
        const info = await transporter.sendMail({ from: row.email, to: msg.to || undefined, ...(msg.bcc ? { bcc: msg.bcc } : {}), subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}) });
        return { messageId: info.messageId };
      },
    };
    this.cache.set(conferenceId, { updatedAt: row.updated_at, transport });
    return transport;
  }

  /**
   * Sends a test message now with the given settings (the saved password when none is given).
   * Timeouts and refused connections: 'mail:authTimeout'; a refused login or address: 'mail:sendFailed'.
   */
  async test(conferenceId: number, input: MailConfigInput, to: string, text: { subject: string; body: string }): Promise<void> {
    const existing = await this.row(conferenceId);
    const password = input.password || (existing ? this.decrypt(existing.password_enc) : '');
    if (!password) throw new AppError(400, 'passwordRequire', 'password');
    const transporter = nodemailer.createTransport(this.options({ ...input, password }, TEST_TIMEOUTS));
    try {
      await transporter.sendMail({ from: input.email, to, subject: text.subject, text: text.body });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      const timeout = ['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ETLS', 'EPROTOCOL'].includes(code);
      throw new AppError(400, timeout ? 'mail:authTimeout' : 'mail:sendFailed');
    } finally {
      transporter.close();
    }
  }
}
