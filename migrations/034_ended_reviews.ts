/**
 * Reviews whose assignment a manager ended after the reviewer had started (issue: blind means
 * blind): a confirmed conflict or an unassignment. The row leaves `reviews` — so the reviewer no
 * longer sees the manuscript and nothing that counts reviews (progress, the chair's notice, the
 * decisions, the loads) can count it — and is kept here for the managers, as it was.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ended_reviews', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    // no foreign key: the record outlives the reviewer's; their name is kept with it
    t.integer('reviewer_id').unsigned().notNullable();
    t.string('reviewer_name', 300).notNullable();
    // the review's state when it ended: 'draft' | 'submitted'
    t.string('state', 10).notNullable();
    t.text('scores').notNullable();
    t.text('answers').notNullable();
    t.string('opinion', 8).nullable();
    t.text('comment').notNullable();
    t.datetime('assigned_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.datetime('submitted_at', { precision: 3 }).nullable();
    // 'conflict' (a confirmed conflict) | 'unassigned' (the manager removed the reviewer)
    t.string('reason', 12).notNullable();
    t.integer('ended_by').unsigned().nullable();
    t.datetime('ended_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'submission_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ended_reviews');
}
