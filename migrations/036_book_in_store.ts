/**
 * The book of abstracts kept in the file store (issue 31: every file the platform keeps goes
 * through one storage interface, so that any instance serves it and a bucket can hold it): the
 * row names its stored PDF and its size; the `pdf` column is left for books built before, read
 * until they are built again.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submission_books', (t) => {
    t.string('stored_name', 80).nullable();
    t.integer('pdf_bytes').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submission_books', (t) => {
    t.dropColumn('stored_name');
    t.dropColumn('pdf_bytes');
  });
}
