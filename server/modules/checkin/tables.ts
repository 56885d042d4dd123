/**
 * The check-in tables, typed for knex (`db('checkins')` yields a `CheckinRow`), as the database
 * stores them; the repository hands out rows clean for use (instants as `Date`).
 */
import type { AttemptRow, CheckinRow, DeskRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    checkin_desks: DeskRow;
    checkins: CheckinRow;
    checkin_attempts: AttemptRow;
  }
}
