/** The documents feature's table, typed for knex (server/platform/tables.ts has the pattern). */
import type { TemplateRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    document_templates: TemplateRow;
  }
}
