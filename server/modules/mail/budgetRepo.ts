/**
 * The places of a conference's daily sending budget used so far (`mail_budget_days`, one row per
 * conference and UTC day). Each change is one conditional statement, so concurrent requests
 * cannot both take the last places (budget.ts says why it runs outside transactions).
 */
import type { Db } from '../../db/index';

export type BudgetDayRow = { conference_id: number; day: string; used: number };

/** Adds `count` to the day's use while it stays within `limit`: true when it did. */
export async function takePlaces(
  db: Db,
  conferenceId: number,
  day: string,
  count: number,
  limit: number,
): Promise<boolean> {
  const changed = await db('mail_budget_days')
    .where({ conference_id: conferenceId, day })
    .andWhere('used', '<=', limit - count)
    .increment('used', count);
  return Number(changed) === 1;
}

/** The day's row, none used; throws a unique violation when another request made it first. */
export async function insertBudgetDay(db: Db, conferenceId: number, day: string): Promise<void> {
  await db('mail_budget_days').insert({ conference_id: conferenceId, day, used: 0 });
}

export async function givePlacesBack(db: Db, conferenceId: number, day: string, count: number): Promise<void> {
  await db('mail_budget_days')
    .where({ conference_id: conferenceId, day })
    .andWhere('used', '>=', count)
    .decrement('used', count);
}

export async function placesUsed(db: Db, conferenceId: number, day: string): Promise<number> {
  const row = await db('mail_budget_days').where({ conference_id: conferenceId, day }).first('used');
  return Number(row?.used ?? 0);
}
