/**
 * Heavy work with progress (issue 30, server/platform/work): one row per export or import asked
 * for, from queued to done or failed. Any instance may run a queued row (it takes it with one
 * conditional UPDATE and keeps `heartbeat_at` fresh); a row whose runner stopped beating is taken
 * again or failed. A finished file is kept in the work store under `stored_name` while `version`
 * (the fingerprint of the data it was built from) still matches.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('work_items', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('kind', 60).notNullable();
    // sha256 of kind, parameters and language: the same request again finds this row
    t.string('work_key', 64).notNullable();
    // the parameters as JSON (an import's file included, up to a few megabytes)
    t.text('params', 'longtext').notNullable();
    t.string('lang', 5).notNullable();
    t.string('time_zone', 64).notNullable();
    // who asked: the results are theirs and their fellow managers'
    t.integer('user_id').unsigned().notNullable();
    // 'queued' | 'running' | 'done' | 'failed'
    t.string('state', 10).notNullable();
    t.integer('done').notNullable().defaultTo(0);
    t.integer('total').notNullable().defaultTo(0);
    t.string('stage', 60).notNullable().defaultTo('work:stage.waiting');
    t.string('version', 200).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('holder', 100).nullable();
    t.datetime('heartbeat_at', { precision: 3 }).nullable();
    t.string('file_name', 200).nullable();
    t.string('file_type', 100).nullable();
    t.string('stored_name', 80).nullable();
    t.text('summary', 'longtext').nullable();
    t.string('error', 100).nullable();
    t.text('error_params').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('started_at', { precision: 3 }).nullable();
    t.datetime('finished_at', { precision: 3 }).nullable();
    t.index(['conference_id', 'work_key']);
    t.index(['state', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('work_items');
}
