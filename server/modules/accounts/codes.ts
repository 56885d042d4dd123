/**
 * E-mail verification codes (DESIGN.md 5). Six random digits, stored only as an HMAC, valid ten
 * minutes, single use, burned after five wrong tries, resent at most once a minute, and limited
 * per e-mail and per IP. The code never reaches the browser: the server answers valid / wrong /
 * expired, which the forms show as verifyCodeError / validateTimeError.
 */
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import type { CodeType } from '../../contract/validation';
import type { Lang } from '../../contract/enums';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import { enqueueMail } from '../mail/service';
import { codeMail } from './mails';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG = 5;
export const CODE_RESEND_MS = 60_000;
export const CODE_SEND_LIMITS = {
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
  perIp: { limit: 20, windowMs: 60 * 60_000 },
};

export type CodeCheck = 'valid' | 'wrong' | 'expired';

type CodeRow = { id: number; email: string; purpose: CodeType; code_hash: string; wrong_attempts: number; created_at: string; expires_at: string; used_at: string | null };

export class VerificationCodes {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly limiter: RateLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.createHash('sha256').update(`codes:${secret}`).digest();
  }

  private hash(email: string, purpose: CodeType, code: string): string {
    return crypto.createHmac('sha256', this.key).update(`${purpose}:${email}:${code}`).digest('hex');
  }

  private latest(conn: Db | Tx, email: string, purpose: CodeType): Promise<CodeRow | undefined> {
    return conn<CodeRow>('verification_codes').where({ email, purpose }).orderBy('id', 'desc').first();
  }

  /** Sends a new code, replacing any earlier one. Refused within a minute of the last one. */
  async send(input: { email: string; purpose: CodeType; conferenceId: number | null; ip: string; lang: Lang; siteName: string }): Promise<{ resendAfterMs: number }> {
    const { email, purpose } = input;
    const previous = await this.latest(this.db, email, purpose);
    const sinceLast = previous ? this.now().getTime() - fromDbInstant(previous.created_at)!.getTime() : Infinity;
    if (sinceLast < CODE_RESEND_MS) throw new AppError(429, 'userReg.resendTooSoon', 'email');
    for (const [key, rule] of [[`code:email:${email}`, CODE_SEND_LIMITS.perEmail], [`code:ip:${input.ip}`, CODE_SEND_LIMITS.perIp]] as const) {
      if (!(await this.limiter.hit(key, rule.limit, rule.windowMs)).allowed) throw new AppError(429, 'commonMsg.tooManyRequests');
    }
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx('verification_codes').where({ email, purpose }).whereNull('used_at').update({ used_at: toDbInstant(now) });
      await tx('verification_codes').insert({
        email,
        purpose,
        code_hash: this.hash(email, purpose, code),
        conference_id: input.conferenceId,
        created_at: toDbInstant(now),
        expires_at: toDbInstant(new Date(now.getTime() + CODE_TTL_MS)),
      });
      await enqueueMail(tx, { conferenceId: input.conferenceId, to: [email], ...codeMail(input.lang, input.siteName, code, CODE_TTL_MS / 60_000) });
    });
    return { resendAfterMs: CODE_RESEND_MS };
  }

  /** valid / wrong / expired. A wrong try counts; the fifth burns the code, right or not. */
  async check(conn: Db | Tx, email: string, purpose: CodeType, code: string): Promise<CodeCheck> {
    const row = await this.latest(conn, email, purpose);
    if (!row || row.used_at || row.wrong_attempts >= CODE_MAX_WRONG) return 'expired';
    if (fromDbInstant(row.expires_at)!.getTime() <= this.now().getTime()) return 'expired';
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (/^\d{6}$/.test(code) && crypto.timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) return 'valid';
    await conn('verification_codes').where({ id: row.id }).increment('wrong_attempts', 1);
    return 'wrong';
  }

  /** Checks and, when valid, uses up the code inside the caller's transaction. */
  async consume(tx: Tx, email: string, purpose: CodeType, code: string): Promise<void> {
    const result = await this.check(tx, email, purpose, code);
    if (result === 'expired') throw new AppError(400, 'userReg.validateTimeError', 'verifyCode');
    if (result === 'wrong') throw new AppError(400, 'userReg.verifyCodeError', 'verifyCode');
    const used = await tx('verification_codes').where({ email, purpose }).whereNull('used_at').update({ used_at: toDbInstant(this.now()) });
    // A concurrent request used it first.
    if (used === 0) throw new AppError(400, 'userReg.validateTimeError', 'verifyCode');
  }
}
