/**
 * Sign-up, sign-in and password reset (spec 2.5–2.7, 5). Login is one rate-limited call that
 * answers the same userLoginError for an unknown e-mail or a wrong password, and costs the same
 * time either way. Every rule is enforced here, whatever the forms already checked.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { CodeType } from '../../contract/validation';
import type { Lang } from '../../contract/enums';
import { isStrongPassword } from '../../contract/validation';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import type { Sessions, TokenClaims } from '../../platform/session';
import type { VerificationCodes } from './codes';
import type { SessionHandoffs } from './handoff';
import * as repo from './repo';
import { hashPassword, verifyPassword } from './service';

export const LOGIN_LIMITS = {
  /** password checks of one account in the window; a successful login starts it afresh */
  perAccount: { limit: 5, windowMs: 15 * 60_000 },
  /** login attempts from one address */
  perIp: { limit: 50, windowMs: 15 * 60_000 },
};

/** checkEmail look-ups from one address (it tells whether an account exists). */
export const CHECK_EMAIL_LIMIT = { limit: 30, windowMs: 60_000 };

/** The spec's message for an account that exists but has no password yet (added as a manager, SSO). */
export const EXISTS_NOT_REGISTERED = 'user email exists but not registered';

/** A session for this host, or (sign-in shown in a conference's page) a hand-over code for that conference. */
export type Issued =
  | { claims: TokenClaims; token: string; expiresAt: Date; handoffCode?: undefined }
  | { claims: TokenClaims; handoffCode: string; token?: undefined };

/** Sign-in typed on the platform origin for a conference (handoff.ts): the conference and the browser's state. */
export type HandoffRequest = { conferenceId: number; state: string };

function claimsOf(user: repo.UserRow): TokenClaims {
  return { id: user.id, trueName: user.true_name, umtId: user.umt_id, cstnetId: user.cstnet_id ?? user.email };
}

export class AccountAuth {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
    private readonly codes: VerificationCodes,
    private readonly limiter: RateLimiter,
    private readonly handoffs: SessionHandoffs,
  ) {}

  /** checkEmail: 1 when an account with a password exists; 0 with the spec's message when one exists without. */
  async checkEmail(email: string, ip: string, forSignUp = false): Promise<{ data: 0 | 1; message: string }> {
    // It tells whether an account exists: limited per address so the user list cannot be read out.
    if (!(await this.limiter.hit(`check-email:ip:${ip}`, CHECK_EMAIL_LIMIT.limit, CHECK_EMAIL_LIMIT.windowMs)).allowed)
      throw tooManyRequests();
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) return { data: 0, message: '' };
    if (user.password_hash) return { data: 1, message: '' };
    // The sign-up form says why the address cannot sign up (spec 8), the others keep the spec's message.
    return { data: 0, message: (forSignUp && (await this.signUpRefusal(user))) || EXISTS_NOT_REGISTERED };
  }

  /**
   * Why an existing account's address cannot sign up: an organisation's account logs in there
   * ('userReg.passportUser'); an account made by adding its owner as a manager sets its password
   * with a reset ('userReg.managerNotRegistered'); any other one exists ('userReg.userExist').
   */
  private async signUpRefusal(user: repo.UserRow): Promise<string> {
    if (user.password_hash) return 'userReg.userExist';
    const origin = await repo.passwordlessOrigin(this.db, user.id);
    return origin === 'passport'
      ? 'userReg.passportUser'
      : origin === 'manager'
        ? 'userReg.managerNotRegistered'
        : 'userReg.userExist';
  }

  async sendCode(input: {
    email: string;
    purpose: CodeType;
    conferenceId: number | null;
    ip: string;
    lang: Lang;
    siteName: string;
  }) {
    const user = await repo.findUserByEmail(this.db, input.email);
    // Sign-up counts "exists but not registered" as existing; a reset accepts it (spec 8).
    if (input.purpose === 'registerCode' && user)
      throw new AppError(400, await this.signUpRefusal(user), { field: 'email' });
    if (input.purpose === 'resetPassCode' && !user) throw new AppError(400, 'userNotExist', { field: 'email' });
    return this.codes.send(input);
  }

  /** Sign-up: the code is checked (and the try counted) before the transaction that uses it up. */
  async register(input: {
    email: string;
    trueName: string;
    password: string;
    code: string;
    ip: string;
    conferenceId: number | null;
    handoff?: HandoffRequest;
    lang?: Lang;
  }): Promise<Issued> {
    if (!isStrongPassword(input.password)) throw new AppError(400, 'passwordCheck', { field: 'passWord' });
    const exists = () => new AppError(400, 'userReg.userExist', { field: 'email' });
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) throw new AppError(400, await this.signUpRefusal(existing), { field: 'email' });
    const code = await this.codes.verify({
      email: input.email,
      purpose: 'registerCode',
      code: input.code,
      ip: input.ip,
    });
    const passwordHash = await hashPassword(input.password);
    let user: repo.UserRow;
    try {
      user = await inTransaction(this.db, async (tx) => {
        await this.codes.use(tx, code);
        const id = await repo.insertUser(tx, { email: input.email, trueName: input.trueName, passwordHash });
        // The page's language is the account's: its mails are written in it until the person switches.
        await repo.updateUser(tx, id, {
          email_verified_at: toDbInstant(),
          ...(input.lang ? { lang: input.lang } : {}),
        });
        return (await repo.findUserById(tx, id))!;
      });
    } catch (err) {
      // The same e-mail signed up by another request in the meantime (its own code, or an SSO).
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
    return this.issue(user, input.conferenceId, input.handoff);
  }

  /**
   * One attempt is reserved on the account (an atomic hit) before the password is checked, so a
   * burst of concurrent attempts checks at most LOGIN_LIMITS.perAccount.limit passwords; a
   * success gives the account its full allowance back.
   */
  async login(input: {
    email: string;
    password: string;
    ip: string;
    conferenceId: number | null;
    handoff?: HandoffRequest;
  }): Promise<Issued> {
    const accountKey = `login:account:${input.email}`;
    const ip = await this.limiter.hit(`login:ip:${input.ip}`, LOGIN_LIMITS.perIp.limit, LOGIN_LIMITS.perIp.windowMs);
    if (!ip.allowed) throw new AppError(429, 'userReg.loginLocked');
    const account = await this.limiter.hit(accountKey, LOGIN_LIMITS.perAccount.limit, LOGIN_LIMITS.perAccount.windowMs);
    if (!account.allowed) throw new AppError(429, 'userReg.loginLocked');
    const user = await repo.findUserByEmail(this.db, input.email);
    // Verify against a dummy hash when there is no password, so timing tells nothing.
    const ok = await verifyPassword(user?.password_hash ?? (await this.dummy()), input.password);
    if (!user?.password_hash || !ok) throw new AppError(400, 'userReg.userLoginError');
    await this.limiter.reset(accountKey);
    return this.issue(user, input.conferenceId, input.handoff);
  }

  /** Reset with a code: sets the password (and the name when given) and ends every session. */
  async resetPassword(input: {
    email: string;
    code: string;
    ip: string;
    name?: string;
    password: string;
    keepSessionId?: string;
    handoff?: HandoffRequest;
  }): Promise<Issued | null> {
    if (!isStrongPassword(input.password)) throw new AppError(400, 'passwordCheck', { field: 'password' });
    const user = await repo.findUserByEmail(this.db, input.email);
    if (!user) throw new AppError(400, 'userNotExist', { field: 'email' });
    const code = await this.codes.verify({
      email: input.email,
      purpose: 'resetPassCode',
      code: input.code,
      ip: input.ip,
    });
    const passwordHash = await hashPassword(input.password);
    await inTransaction(this.db, async (tx) => {
      await this.codes.use(tx, code);
      await repo.updateUser(tx, user.id, {
        password_hash: passwordHash,
        email_verified_at: toDbInstant(),
        updated_at: toDbInstant(),
        ...(input.name ? { true_name: input.name } : {}),
      });
      await this.sessions.revokeAllForUser(user.id, input.keepSessionId, tx);
    });
    await this.limiter.reset(`login:account:${input.email}`);
    // Reset inside a conference's page signs the person in there; on the platform they sign in anew.
    return input.handoff ? this.issue(user, input.handoff.conferenceId, input.handoff) : null;
  }

  /** checkPassword, kept for the client's flow: only ever about the caller's own password. */
  async checkOwnPassword(userId: number, password: string): Promise<0 | 1> {
    const user = await repo.findUserById(this.db, userId);
    return user?.password_hash && (await verifyPassword(user.password_hash, password)) ? 1 : 0;
  }

  private async issue(user: repo.UserRow, conferenceId: number | null, handoff?: HandoffRequest): Promise<Issued> {
    const claims = claimsOf(user);
    if (handoff)
      return { claims, handoffCode: await this.handoffs.issue(user.id, handoff.conferenceId, handoff.state) };
    const { token, expiresAt } = await this.sessions.issue(claims, conferenceId);
    return { claims, token, expiresAt };
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPassword('timing-equaliser-0'));
  }
}
