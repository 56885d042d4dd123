/**
 * The programme's tables, typed for knex (`db('programme_items')` yields an `ItemRow`), as the
 * database stores them; the repository hands out rows clean for use (instants as `Date`).
 */
import type { AgendaRow, FeedRow, ItemRow, ReleaseRow, RoomRow, SettingsRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    programme_rooms: RoomRow;
    programme_items: ItemRow;
    programme_settings: SettingsRow;
    programme_releases: ReleaseRow;
    programme_agenda: AgendaRow;
    programme_feeds: FeedRow;
  }
}
