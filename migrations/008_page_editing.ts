/**
 * Page editing: who saved a page's current state (so a version can name its author), and an
 * index for "which pages and templates use this template" (delete checks).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    // No foreign key: SQLite would rebuild the table for one; a left join tolerates a gone user.
    t.integer('updated_by').unsigned().nullable();
    t.index(['conference_id', 'template_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.dropIndex(['conference_id', 'template_id']);
    t.dropColumn('updated_by');
  });
}
