/**
 * A conference's daily sending budget: how many recipients mail sent on a manager's request may
 * reach in one UTC day. Counted with one conditional UPDATE on the `mail_budget_days` row, on
 * `db` and never inside a transaction: the count holds whatever the request does next (a
 * rollback cannot undo it), and concurrent requests cannot both take the last places. On SQLite
 * (one pooled connection) this must run before the request opens its transaction.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/dialect';
import { givePlacesBack, insertBudgetDay, placesUsed, takePlaces } from './budgetRepo';

export type BudgetLimits = { unpublished: number; published: number };

/** Places taken for one request; `release` gives them back when the request fails. */
export type Reservation = { conferenceId: number; day: string; count: number };

export class MailBudget {
  constructor(
    private readonly db: Db,
    readonly limits: BudgetLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  limit(published: boolean): number {
    return published ? this.limits.published : this.limits.unpublished;
  }

  /** Takes `count` places of today's budget, or none (null) when fewer are left. */
  async reserve(conferenceId: number, published: boolean, count: number): Promise<Reservation | null> {
    const day = this.now().toISOString().slice(0, 10);
    const limit = this.limit(published);
    if (count > limit) return null;
    if (count <= 0) return { conferenceId, day, count: 0 };
    if (await takePlaces(this.db, conferenceId, day, count, limit)) return { conferenceId, day, count };
    // The day's first mail: make the row, then take again (a concurrent first insert is fine).
    try {
      await insertBudgetDay(this.db, conferenceId, day);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    return (await takePlaces(this.db, conferenceId, day, count, limit)) ? { conferenceId, day, count } : null;
  }

  async release(r: Reservation): Promise<void> {
    if (r.count <= 0) return;
    await givePlacesBack(this.db, r.conferenceId, r.day, r.count);
  }

  /** Places used today (for tests and the screens). */
  async used(conferenceId: number): Promise<number> {
    return placesUsed(this.db, conferenceId, this.now().toISOString().slice(0, 10));
  }
}
