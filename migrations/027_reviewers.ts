/**
 * Peer review, second part (issue 16): reviewers and their activation, their role per session
 * (spec 3 "Reviewer": reviewer or chair), the conflicts a manager confirmed, dismissed or someone
 * declared, the reviews (one row per manuscript and reviewer: the assignment, then the draft, then
 * the submitted review) and the decisions on a manuscript (the chair's opinion, the final one).
 *
 * A reviewer is a person invited to one conference by e-mail. `user_id` is set as soon as the
 * person has a platform account (at once when the address had one, else on activation); only then
 * may they review. The activation key is stored as its SHA-256 (the mail carries the key itself),
 * expires, and is cleared when used.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviewers', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // lower-cased
    t.string('email', 254).notNullable();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.boolean('active').notNullable().defaultTo(false);
    // hex SHA-256 of the activation key; null once used (or for someone added with an account)
    t.string('key_hash', 64).nullable();
    t.datetime('key_expires_at', { precision: 3 }).nullable();
    t.string('last_name', 100).notNullable().defaultTo('');
    t.string('middle_name', 100).notNullable().defaultTo('');
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('full_name', 200).notNullable().defaultTo('');
    t.string('unit', 300).notNullable().defaultTo('');
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('country', 100).notNullable().defaultTo('');
    t.string('direction', 300).notNullable().defaultTo('');
    // 'zh' | 'en': the language of their mail
    t.string('lang', 2).notNullable().defaultTo('zh');
    t.datetime('invited_at', { precision: 3 }).notNullable();
    t.datetime('activated_at', { precision: 3 }).nullable();
    t.unique(['conference_id', 'email']);
    t.unique(['key_hash']);
    t.index(['conference_id', 'user_id']);
  });
  await knex.schema.createTable('reviewer_roles', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('reviewer_id').unsigned().notNullable().references('id').inTable('reviewers').onDelete('CASCADE');
    // a top-level submission session
    t.integer('session_id').unsigned().notNullable();
    // 'reviewer' | 'chair'
    t.string('role', 8).notNullable();
    t.unique(['reviewer_id', 'session_id']);
    t.index(['conference_id', 'session_id']);
  });
  await knex.schema.createTable('review_conflicts', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('reviewer_id').unsigned().notNullable().references('id').inTable('reviewers').onDelete('CASCADE');
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    // 'confirmed' | 'dismissed' | 'declared' (by the reviewer or an author)
    t.string('state', 10).notNullable();
    // the suggestion's reason when confirmed or dismissed (server/modules/review/conflicts), '' when declared
    t.string('reason', 16).notNullable().defaultTo('');
    t.string('note', 500).notNullable().defaultTo('');
    t.integer('by_user_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['reviewer_id', 'submission_id']);
    t.index(['conference_id', 'submission_id']);
  });
  await knex.schema.createTable('reviews', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    t.integer('reviewer_id').unsigned().notNullable().references('id').inTable('reviewers').onDelete('CASCADE');
    // 'assigned' (not started) | 'draft' (started: never moved by allocation) | 'submitted'
    t.string('state', 10).notNullable();
    // { [ScoreKey]: number } for the scores in use
    t.text('scores').notNullable();
    // { [ruleId]: string[] } one answer per point of a detail rule
    t.text('answers').notNullable();
    // 'accept' | 'reject' | 'return' | null
    t.string('opinion', 8).nullable();
    t.text('comment').notNullable();
    t.datetime('assigned_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.datetime('submitted_at', { precision: 3 }).nullable();
    t.unique(['submission_id', 'reviewer_id']);
    t.index(['conference_id', 'reviewer_id']);
  });
  await knex.schema.createTable('review_decisions', (t) => {
    t.integer('submission_id').unsigned().primary().references('id').inTable('submissions').onDelete('CASCADE');
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // the chair's opinion: 'accept' | 'reject' | 'return' | null
    t.string('chair_opinion', 8).nullable();
    t.text('chair_comment').notNullable();
    t.integer('chair_reviewer_id').unsigned().nullable();
    t.datetime('chair_at', { precision: 3 }).nullable();
    // the final opinion (the chair's when it is final, else the manager's)
    t.string('final_opinion', 8).nullable();
    t.text('final_comment').notNullable();
    t.integer('final_user_id').unsigned().nullable();
    t.datetime('final_at', { precision: 3 }).nullable();
    t.index(['conference_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('review_decisions');
  await knex.schema.dropTableIfExists('reviews');
  await knex.schema.dropTableIfExists('review_conflicts');
  await knex.schema.dropTableIfExists('reviewer_roles');
  await knex.schema.dropTableIfExists('reviewers');
}
