/**
 * Byte budgets for temporary uploads (files made while a form is filled in and not yet saved):
 * one counter per conference and one for the whole platform (conference_id 0, hence no foreign
 * key). A counter is raised by a conditional UPDATE before a file is written and lowered when
 * the file is claimed by its form, swept, or its upload fails (server/modules/files/temporary.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_budgets', (t) => {
    t.integer('conference_id').unsigned().notNullable().primary();
    t.bigInteger('temporary_bytes').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('upload_budgets');
}
