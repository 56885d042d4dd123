/**
 * The review deadline (issue 33): the last day, in the conference's time zone, by which reviewers
 * are asked to submit; open reviews after it count as overdue on the managers' overview. Null:
 * no deadline set (a review open two weeks after its assignment counts as overdue then).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('review_settings', (t) => {
    // 'YYYY-MM-DD'
    t.string('deadline', 10).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('review_settings', (t) => {
    t.dropColumn('deadline');
  });
}
