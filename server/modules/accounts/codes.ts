/**
 * E-mail verification codes (DESIGN.md 5). Six random digits, stored only as an HMAC, valid ten
 * minutes, single use, burned after five wrong tries, resent at most once a minute, and limited
 * per e-mail and per IP. The code never reaches the browser: the server answers valid / wrong /
 * expired, which the forms show as verifyCodeError / validateTimeError.
 *
 * Tries are counted so that neither concurrency nor a rollback can undo them: each try first
 * reserves itself with one conditional UPDATE (wrong_attempts < 5) in its own statement, outside
 * any transaction, and only then compares; a right answer gives its reservation back. A caller
 * that takes a code therefore checks it (`verify`) BEFORE opening its transaction, and inside the
 * transaction `use`s the code by its id with a conditional update, so that of two concurrent
 * right answers only one gets through. The newest code of an e-mail and purpose is the valid one.
 */
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { CodePurpose } from '../../contract/validation';
import type { CodeCheck } from '../../contract/accounts';
import type { Lang } from '../../contract/enums';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import { enqueueMail } from '../mail/index';
import { codeMail, erasureCodeMail } from './mails';
import { giveTryBack, insertCode, latestCode, reserveTry, useCode } from './codesRepo';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG = 5;
export const CODE_RESEND_MS = 60_000;
export const CODE_SEND_LIMITS = {
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
  perIp: { limit: 20, windowMs: 60 * 60_000 },
};
/**
 * Tries of codes, right or wrong, on every path that takes one. Five codes an hour with five
 * tries each fit in the per-e-mail limit; the per-IP limit is three tries per code it may send.
 */
export const CODE_CHECK_LIMITS = {
  perEmail: { limit: 25, windowMs: 60 * 60_000 },
  perIp: { limit: 60, windowMs: 60 * 60_000 },
};

export type { CodeCheck };

/** A try at a code: the e-mail and purpose it was sent for, what was typed, and who typed it. */
export type CodeAttempt = { email: string; purpose: CodePurpose; code: string; ip: string };

/** A code found right and not used yet: the caller uses it up (`use`) inside its transaction. */
export type VerifiedCode = { id: number };

const codeError = (result: Exclude<CodeCheck, 'valid'>) =>
  new AppError(400, result === 'wrong' ? 'userReg.verifyCodeError' : 'userReg.validateTimeError', {
    field: 'verifyCode',
  });

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

  private hash(email: string, purpose: CodePurpose, code: string): string {
    return crypto.createHmac('sha256', this.key).update(`${purpose}:${email}:${code}`).digest('hex');
  }

  /** Counts one hit on each key; if any is refused, gives every hit back and answers false. */
  private async reserve(rules: Array<[string, { limit: number; windowMs: number }]>): Promise<string[] | null> {
    const taken: string[] = [];
    for (const [key, rule] of rules) {
      const decision = await this.limiter.hit(key, rule.limit, rule.windowMs);
      taken.push(key);
      if (!decision.allowed) {
        await this.giveBack(taken);
        return null;
      }
    }
    return taken;
  }

  private async giveBack(keys: string[]): Promise<void> {
    for (const key of keys) await this.limiter.release(key);
  }

  /**
   * Sends a new code; the newest one is the valid one. Refused within a minute of the last one.
   * The sending quota is taken before and given back when the code could not be sent. There is
   * no UPDATE of the earlier codes: on MariaDB its gap lock on (email, purpose) made concurrent
   * sign-ups deadlock on the insert.
   */
  async send(input: {
    email: string;
    purpose: CodePurpose;
    conferenceId: number | null;
    ip: string;
    lang: Lang;
    siteName: string;
  }): Promise<{ resendAfterMs: number }> {
    const email = input.email.toLowerCase();
    const { purpose } = input;
    const previous = await latestCode(this.db, email, purpose);
    const sinceLast = previous ? this.now().getTime() - previous.createdAt.getTime() : Infinity;
    if (sinceLast < CODE_RESEND_MS) throw new AppError(429, 'userReg.resendTooSoon', { field: 'email' });
    const quota = await this.reserve([
      [`code:email:${email}`, CODE_SEND_LIMITS.perEmail],
      [`code:ip:${input.ip}`, CODE_SEND_LIMITS.perIp],
    ]);
    if (!quota) throw tooManyRequests();
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    try {
      await inTransaction(this.db, async (tx) => {
        await insertCode(tx, {
          email,
          purpose,
          code_hash: this.hash(email, purpose, code),
          conference_id: input.conferenceId,
          created_at: toDbInstant(now),
          expires_at: toDbInstant(new Date(now.getTime() + CODE_TTL_MS)),
        });
        await enqueueMail(tx, {
          conferenceId: input.conferenceId,
          to: [email],
          ...(purpose === 'erasureCode' ? erasureCodeMail : codeMail)(
            input.lang,
            input.siteName,
            code,
            CODE_TTL_MS / 60_000,
          ),
          kind: 'verificationCode',
        });
      });
    } catch (err) {
      await this.giveBack(quota);
      throw err;
    }
    return { resendAfterMs: CODE_RESEND_MS };
  }

  /** getEmailCode: valid / wrong / expired, without using the code up. The try counts. */
  async check(attempt: CodeAttempt): Promise<CodeCheck> {
    return (await this.attempt(attempt)).result;
  }

  /**
   * For a request that takes a code: answers the right, unused code, or throws verifyCodeError /
   * validateTimeError (429 past the limits). Call it before opening the transaction that uses it.
   */
  async verify(attempt: CodeAttempt): Promise<VerifiedCode> {
    const { result, id } = await this.attempt(attempt);
    if (result !== 'valid') throw codeError(result);
    return { id: id! };
  }

  /** Uses up a verified code inside the caller's transaction; refused if another request used it first. */
  async use(tx: Tx, verified: VerifiedCode): Promise<void> {
    if (!(await useCode(tx, verified.id, toDbInstant(this.now())))) throw codeError('expired');
  }

  private async attempt(input: CodeAttempt): Promise<{ result: CodeCheck; id?: number }> {
    const email = input.email.toLowerCase();
    const { purpose, code } = input;
    const allowed = await this.reserve([
      [`code-check:email:${email}`, CODE_CHECK_LIMITS.perEmail],
      [`code-check:ip:${input.ip}`, CODE_CHECK_LIMITS.perIp],
    ]);
    if (!allowed) throw tooManyRequests();
    const row = await latestCode(this.db, email, purpose);
    if (!row || row.used || row.wrongAttempts >= CODE_MAX_WRONG) return { result: 'expired' };
    if (row.expiresAt.getTime() <= this.now().getTime()) return { result: 'expired' };
    // Not six digits cannot be the code: wrong, without costing the owner one of the five tries
    // (a typo in the form); it still counts against the limits above.
    if (!/^\d{6}$/.test(code)) return { result: 'wrong' };
    // Reserve this try as a wrong one before comparing: one statement, outside any transaction,
    // so however many tries run at once, at most five are ever compared and none is rolled back.
    if (!(await reserveTry(this.db, row.id, CODE_MAX_WRONG))) return { result: 'expired' };
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (!crypto.timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) return { result: 'wrong' };
    // It was right: the reservation is given back, so a check before the form's submit costs nothing.
    await giveTryBack(this.db, row.id);
    return { result: 'valid', id: row.id };
  }
}
