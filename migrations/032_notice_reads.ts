/**
 * When each person last opened the conference's notices (issue 18): the personal centre marks the
 * Notices entry with how many were published since, so an attendee is told on their next visit.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notice_reads', (t) => {
    t.integer('conference_id').unsigned().notNullable();
    t.integer('user_id').unsigned().notNullable();
    t.datetime('seen_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notice_reads');
}
