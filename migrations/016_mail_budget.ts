/**
 * The daily sending budget of each conference (docs/mail.md "Limits"): recipients of mail sent
 * on a manager's request, counted per UTC day with one conditional UPDATE, outside any
 * transaction, so a rolled-back request cannot give the count back by accident.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_budget_days', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // YYYY-MM-DD (UTC)
    t.string('day', 10).notNullable();
    t.integer('used').notNullable().defaultTo(0);
    t.primary(['conference_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_budget_days');
}
