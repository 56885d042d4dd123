/** The files module's tables, typed for knex (server/platform/tables.ts has the pattern). */
import type { FileRow, UploadBudgetRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    files: FileRow;
    upload_budgets: UploadBudgetRow;
  }
}
