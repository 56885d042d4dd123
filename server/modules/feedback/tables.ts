/** The feedback feature's table, typed for knex (server/platform/tables.ts has the pattern). */
import type { FeedbackRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    feedback: FeedbackRow;
  }
}
