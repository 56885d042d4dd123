/** The notices feature's tables, typed for knex (server/platform/tables.ts has the pattern). */
import type { NoticeReadRow, NoticeRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    notices: NoticeRow;
    notice_reads: NoticeReadRow;
  }
}
