/** The units feature's table, typed for knex (`db('units')` yields a `UnitRecord`). */
import type { UnitRecord } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    units: UnitRecord;
  }
}
