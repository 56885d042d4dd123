/**
 * Conflicts of interest an author declares on their manuscript (issue 16): people (by e-mail) and
 * institutions who should not review it. Owned by submissions; review reads them to keep such
 * reviewers off the manuscript. Never shown to reviewers.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submission_conflicts', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable();
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('email', 254).notNullable().defaultTo('');
    t.string('organisation', 300).notNullable().defaultTo('');
    t.index(['conference_id', 'submission_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('submission_conflicts');
}
