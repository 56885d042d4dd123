/**
 * The registration tables (migrations 009, 029, 043, 045), typed for knex (`db('registrants')`
 * yields a `StoredRegistrantRow`) as the database holds them: instants as the dialect's UTC text,
 * booleans 0/1 on SQLite, a registrant's answers as JSON text. The repositories hand out what
 * the rest uses.
 */
import type { StoredRegistrantRow } from './repo';
import type { FormRow, SettingsRow } from './settingsRepo';

/** Which upload answers which file field of a registrant's form (the file itself is the files feature's). */
export type StoredRegistrantFileRow = { conference_id: number; registrant_id: number; file_id: number; field: string };

/** A single-use download link, kept as the hash of its token; instants as stored. */
export type DownloadTokenRow = {
  token_hash: string;
  conference_id: number;
  user_id: number;
  expires_at: string;
  used_at: string | null;
};

declare module 'knex/types/tables' {
  interface Tables {
    registration_settings: SettingsRow;
    registration_forms: FormRow;
    registrants: StoredRegistrantRow;
    registrant_files: StoredRegistrantFileRow;
    download_tokens: DownloadTokenRow;
  }
}
