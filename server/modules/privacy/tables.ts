/**
 * The privacy feature's tables, typed for knex (server/platform/tables.ts has the pattern): the
 * record of erasures and the conferences each touched.
 */
import type { ErasureConferenceRow, ErasureRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    erasure_requests: ErasureRow;
    erasure_conferences: ErasureConferenceRow;
  }
}
