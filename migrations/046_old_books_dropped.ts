/**
 * Books built before migration 036 kept their PDF in the `submission_books.pdf` column, which only
 * the instance's database could serve and the code no longer reads (issue 31: every file the
 * platform keeps goes through the store). A book is a cache of what the manuscripts print: such
 * rows are dropped, and the next "(All)" download or Rebuild builds the book into the store.
 * The column itself stays, empty, until the release after this one, so an instance still running
 * the previous code during a rolling upgrade keeps working (expand, then contract).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('submission_books').whereNull('stored_name').whereNotNull('pdf').delete();
}

export async function down(): Promise<void> {
  // Nothing to restore: the dropped books are rebuilt on demand.
}
