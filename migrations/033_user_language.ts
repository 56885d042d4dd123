/**
 * The language a person last chose (issue 18: "same person, same choice"): a conference's pages
 * start in it when that host has no language remembered yet for them (hosts do not share cookies).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('lang', 2).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('lang');
  });
}
