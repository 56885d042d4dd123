/**
 * The fees feature's tables, typed for knex (`db('fee_holds')` yields a `HoldRow`); the
 * declarations merge into knex's one `Tables` interface (pattern: server/platform/tables.ts).
 *
 * Fee items and categories are declared looser than the repository reads them (`StoredFeeRow`,
 * `StoredCategoryRow`): landed migration 038 (never edited) writes and reads them untyped.
 */
import type { HoldRow, SettingsRow, StoredCategoryRow, StoredFeeRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    fee_items: StoredFeeRow;
    fee_categories: StoredCategoryRow;
    fee_holds: HoldRow;
    fee_settings: SettingsRow;
  }
}
