/**
 * Byte budgets of temporary uploads: files sent while a form is being filled in (registration
 * answers, feedback attachments), kept until the form is saved or, unclaimed, swept after a short
 * life. Anyone may fill in a registration form, so these are the bytes an anonymous visitor can
 * make the platform store; they are capped per conference and in total.
 *
 * The counters live in `upload_budgets` (conference_id 0 is the platform's total). A reservation is
 * one conditional UPDATE per counter (`... SET bytes = bytes + n WHERE bytes <= limit - n`), run on
 * its own, outside any transaction: the row lock of that one statement orders concurrent uploads,
 * on MariaDB as on SQLite, so a burst cannot slip past the limit, and no rollback can undo it.
 * Bytes are reserved before anything is written and given back when the upload fails, when its
 * form claims the file (inside the claiming transaction, so a rolled-back claim stays counted),
 * or when the sweeper removes it.
 */
import type { Db, Tx } from '../../db/index';
import { AppError } from '../../platform/errors';
import { budgetUsed, ensureBudget, lowerBudget, raiseBudget } from './repo';

export type TemporaryUploadLimits = {
  /** bytes of unclaimed uploads one conference may hold */
  conferenceBytes: number;
  /** bytes of unclaimed uploads the whole platform may hold */
  totalBytes: number;
  /** how long an unclaimed upload is kept */
  ttlMs: number;
  /** temp/upload calls one address may make in an hour */
  perIpPerHour: number;
};

export const DEFAULT_TEMPORARY_LIMITS: TemporaryUploadLimits = {
  conferenceBytes: 512 * 1024 ** 2,
  totalBytes: 4 * 1024 ** 3,
  ttlMs: 2 * 3600_000,
  perIpPerHour: 100,
};

/** The counter row of the platform's total. */
const PLATFORM = 0;

type Conn = Db | Tx;

/** The answer when a budget is spent: the client may try again once files are claimed or swept. */
export const budgetSpent = () => new AppError(429, 'files:uploadBudgetSpent', { field: 'file' });

export class TemporaryBudget {
  /** Counter rows known to exist (they are never deleted while the process runs). */
  private readonly known = new Set<number>();

  constructor(
    private readonly db: Db,
    readonly limits: TemporaryUploadLimits,
  ) {}

  /**
   * Reserves `bytes` in the conference's budget and in the total, or throws budgetSpent() having
   * reserved nothing. Never call it inside a transaction (on SQLite the one connection is busy).
   */
  async reserve(conferenceId: number, bytes: number): Promise<void> {
    // A zero-byte UPDATE changes no row on MySQL, which would read as "refused".
    const n = Math.max(1, Math.ceil(bytes));
    await this.ensureRow(conferenceId);
    await this.ensureRow(PLATFORM);
    if (!(await raiseBudget(this.db, conferenceId, n, this.limits.conferenceBytes))) throw budgetSpent();
    if (!(await raiseBudget(this.db, PLATFORM, n, this.limits.totalBytes))) {
      await lowerBudget(this.db, conferenceId, n);
      throw budgetSpent();
    }
  }

  /** Gives `bytes` back to the conference's budget and the total (inside `conn`'s transaction when it is one). */
  async release(conferenceId: number, bytes: number, conn: Conn = this.db): Promise<void> {
    const n = Math.max(1, Math.ceil(bytes));
    // Always the conference's row first, then the total: one lock order for every transaction.
    await lowerBudget(conn, conferenceId, n);
    await lowerBudget(conn, PLATFORM, n);
  }

  /** The bytes currently counted for a conference (0 = the total). */
  async used(conferenceId: number): Promise<number> {
    return budgetUsed(this.db, conferenceId);
  }

  private async ensureRow(conferenceId: number): Promise<void> {
    if (this.known.has(conferenceId)) return;
    await ensureBudget(this.db, conferenceId);
    this.known.add(conferenceId);
  }
}
