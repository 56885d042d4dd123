/**
 * The payments feature's tables, typed for knex (`db('payment_methods')` yields a `MethodRow`);
 * the declarations merge into knex's one `Tables` interface (pattern: server/platform/tables.ts).
 */
import type { MethodRow, SettingsRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    payment_settings: SettingsRow;
    payment_methods: MethodRow;
  }
}
