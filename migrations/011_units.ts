/**
 * The unit (organisation) list of spec 3 / 7 ("Other lists"). It is the platform's, not a
 * conference's: every conference's forms suggest from it and super admins keep it, so this table
 * has no conference_id.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('units', (t) => {
    t.increments('id').primary();
    t.string('title_zh', 300).notNullable();
    t.string('title_en', 300).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['sort']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('units');
}
