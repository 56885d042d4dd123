/** The conferences feature's table, typed for knex (`db('publication_requests')` yields a `RequestRow`). */
import type { RequestRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    publication_requests: RequestRow;
  }
}
