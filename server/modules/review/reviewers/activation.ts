/**
 * Reviewer activation (spec 2.9, 4 "Reviewer", 5 "Reviewer activation", 10 "umt user"): the link
 * of the invitation opens the record its key names; the person completes every required field
 * and, when their address has no platform account yet, chooses a password — the account is made
 * then (cspUserRegInfo: e-mail, trueName = fullName, password), verified, since the mail proved
 * the address. A key is single use and expires; a used, expired or unknown key answers the
 * activation message. Activation takes a password, so it runs on the platform host only.
 *
 * Keys are 256 bits, but failed look-ups are counted per address all the same, so a scanner is
 * refused long before it matters.
 */
import type { Db } from '../../../db/index';
import { isUniqueViolation, toDbInstant } from '../../../db/dialect';
import { inTransaction } from '../../../db/transaction';
import { AppError, tooManyRequests } from '../../../platform/errors';
import type { ServiceDeps } from '../../../platform/feature';
import { textIn } from '../../../contract/bilingual';
import { createAccount, findAccountByEmail, grantRole, hashPassword } from '../../accounts/index';
import { passwordProblem, type ActivationView, type ActiveInput } from '../../../contract/reviewers';
import type { Lang } from '../../../contract/enums';
import * as repo from './repo';
import { hashKey } from './mails';

/** Failed key look-ups allowed per IP address in the window. */
export const KEY_FAILURE_LIMIT = { limit: 30, windowMs: 15 * 60_000 } as const;

const gone = () => new AppError(404, 'reviewers:activationGone');

/** A record a key may still activate: the key matches, has not expired, and the reviewer is not active. */
function usable(row: repo.ReviewerRow | undefined, now = Date.now()): row is repo.ReviewerRow {
  if (!row || row.active || !row.key_hash) return false;
  const expires = row.key_expires_at;
  return expires !== null && expires.getTime() > now;
}

const wellFormed = (key: string) => /^[A-Za-z0-9_-]{20,100}$/.test(key);

export class ActivationService {
  constructor(private readonly deps: ServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private failureKey(ip: string): string {
    return `reviewkey:fail:${ip}`;
  }

  private async failed(ip: string): Promise<never> {
    const decision = await this.deps.limiter.hit(
      this.failureKey(ip),
      KEY_FAILURE_LIMIT.limit,
      KEY_FAILURE_LIMIT.windowMs,
    );
    throw decision.allowed ? gone() : tooManyRequests();
  }

  /** The record a key opens; `conferenceId` (on a conference host) must be its conference. */
  private async open(key: string, conferenceId: number | null, ip: string): Promise<repo.ReviewerRow> {
    const row = wellFormed(key) ? await repo.findByKeyHash(this.db, hashKey(key)) : undefined;
    if (!usable(row) || (conferenceId !== null && row.conference_id !== conferenceId)) return this.failed(ip);
    return row;
  }

  /** GET …/review/key/{key}: what the form shows, or the activation message (404). */
  async view(key: string, conferenceId: number | null, ip: string, lang: Lang): Promise<ActivationView> {
    const row = await this.open(key, conferenceId, ip);
    const [account, site] = await Promise.all([
      findAccountByEmail(this.db, row.email),
      this.deps.sites.snapshot(row.conference_id),
    ]);
    return {
      email: row.email,
      active: Boolean(row.active),
      hasAccount: Boolean(account),
      conferenceName: site ? textIn(site.config.conferenceName, lang) : '',
      lastName: row.last_name,
      middleName: row.middle_name,
      firstName: row.first_name,
      fullName: row.full_name || account?.trueName || '',
      unit: row.unit,
      phone: row.phone,
      countryArea: row.country,
      direction: row.direction,
    };
  }

  /** The conference of a usable key, for the activation page and its frame (null: show the activation message; a failure counts). */
  async conferenceOfKey(key: string, ip: string): Promise<number | null> {
    const row = wellFormed(key) ? await repo.findByKeyHash(this.db, hashKey(key)) : undefined;
    if (usable(row)) return row.conference_id;
    await this.deps.limiter.hit(this.failureKey(ip), KEY_FAILURE_LIMIT.limit, KEY_FAILURE_LIMIT.windowMs);
    return null;
  }

  /** POST …/review/active (platform host): one transaction; of two at once with one key, one succeeds. */
  async activate(input: ActiveInput, ip: string): Promise<void> {
    const before = await this.open(input.key, null, ip);
    const hadAccount = Boolean(await findAccountByEmail(this.db, before.email));
    let passwordHash: string | null = null;
    if (!hadAccount) {
      const problem = passwordProblem(input.password, input.confirmPassword);
      if (problem) throw new AppError(400, problem[1], { field: problem[0] });
      // argon2 is slow on purpose: hashed before the transaction, never while a row is locked.
      passwordHash = await hashPassword(input.password!);
    }
    const keyHash = hashKey(input.key);
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockByKeyHash(tx, keyHash);
      if (!usable(row)) throw gone();
      const conferenceId = row.conference_id;
      let account = await findAccountByEmail(tx, row.email);
      if (!account && passwordHash === null) throw gone(); // the account went away meanwhile: the form must ask for a password
      let userId = account?.id ?? null;
      if (userId === null) {
        try {
          userId = await createAccount(tx, {
            email: row.email,
            trueName: input.fullName,
            passwordHash,
            verified: true,
          });
        } catch (err) {
          // Signed up with this address a moment ago: the account is theirs, link it.
          if (!isUniqueViolation(err)) throw err;
          account = await findAccountByEmail(tx, row.email);
          if (!account) throw err;
          userId = account.id;
        }
      }
      await repo.update(tx, conferenceId, row.id, {
        user_id: userId,
        active: true,
        activated_at: toDbInstant(),
        key_hash: null,
        key_expires_at: null,
        last_name: input.lastName,
        middle_name: input.middleName,
        first_name: input.firstName,
        full_name: input.fullName,
        unit: input.unit,
        phone: input.phone,
        country: input.countryArea,
        direction: input.direction,
        ...(input.lang ? { lang: input.lang } : {}),
      });
      await grantRole(tx, conferenceId, userId, 'reviewer');
    });
  }
}
