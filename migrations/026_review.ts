/**
 * Peer review, first part (issue 16): the review configuration of spec 3 "Review config" — blind
 * review, the five scores with their scale and weight, whether the chair's opinion is final, how
 * many reviewers a manuscript gets by default and how many manuscripts a reviewer takes at most —
 * and its detail rules (zh and en titles, shown to authors or not, in use or not). Reviewers,
 * conflicts and reviews come with the rest of the issue in later migrations.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    t.boolean('blind').notNullable();
    t.boolean('chair_final').notNullable();
    // [{ key, enabled, max, weight }] for the five scores of spec 3 (server/contract/review.ts)
    t.text('scores').notNullable();
    t.integer('reviewers_per_paper').notNullable();
    // 0: no maximum
    t.integer('max_per_reviewer').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('review_rules', (t) => {
    t.increments('id');
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('title_zh', 100).notNullable();
    t.string('title_en', 100).notNullable();
    // shown to the authors with the result
    t.boolean('display').notNullable();
    // in use: reviewers answer it
    t.boolean('enabled').notNullable();
    t.integer('sort').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'sort']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('review_rules');
  await knex.schema.dropTableIfExists('review_settings');
}
