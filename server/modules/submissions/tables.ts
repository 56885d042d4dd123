/**
 * The submissions tables (migrations 025, 030, 036, 039), typed for knex (`db('submissions')`
 * yields a `StoredSubmissionRow`) as the database holds them: instants as the dialect's UTC text,
 * booleans 0/1 on SQLite, money (`amount`) as the driver returns a bigint. The repository hands
 * out what the rest uses.
 */
import type { BookRow } from './bookRepo';
import type { FeeSettingsRow, SessionRow, SettingsRow, TermRow } from './configRepo';
import type { AuthorRow, ConflictRow, StoredHistoryRow, StoredSubmissionRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    submission_settings: SettingsRow;
    submission_sessions: SessionRow;
    submission_terms: TermRow;
    submissions: StoredSubmissionRow;
    submission_authors: AuthorRow & { id: number };
    submission_conflicts: ConflictRow & { id: number; conference_id: number };
    // actor_id: the manager or chair who moved it (null for the author and the system)
    submission_history: StoredHistoryRow & { actor_id: number | null };
    // pdf: the book's bytes before migration 036 moved them to the file store (046 dropped them)
    submission_books: BookRow & { pdf: Buffer | null };
    submission_fee_settings: FeeSettingsRow;
  }
}
