/**
 * A page's counterpart in the other language (issue 18): the language switch on a page goes to it,
 * and both carry hreflang alternates naming each other. Kept symmetric by the pages service.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.integer('counterpart_page_id').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pages', (t) => {
    t.dropColumn('counterpart_page_id');
  });
}
