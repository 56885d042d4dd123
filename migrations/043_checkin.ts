/**
 * On-site check-in (issue 33): the desks of a conference, who is checked in (one row per
 * registrant: the primary key is what makes two desks scanning one badge at once record one
 * check-in), and every attempt at a desk, the winning one and the rest (a second scan, a desk
 * that synced late, an undo), with who scanned and where.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The desk finds a registrant by the code the badge's QR carries.
  await knex.schema.alterTable('registrants', (t) => {
    t.index(['conference_id', 'code'], 'registrants_conference_code_index');
  });
  await knex.schema.createTable('checkin_desks', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('name', 60).notNullable();
    // a desk no longer offered; kept so that past check-ins still name it
    t.datetime('retired_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'name']);
  });
  await knex.schema.createTable('checkin_attempts', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('registrant_id').unsigned().notNullable().references('id').inTable('registrants').onDelete('CASCADE');
    t.integer('desk_id').unsigned().nullable().references('id').inTable('checkin_desks');
    // the desk staff member (or manager) who scanned
    t.integer('staff_id').unsigned().notNullable();
    // when the desk scanned (a queued offline scan keeps its own time) and when the server heard of it
    t.datetime('scanned_at', { precision: 3 }).notNullable();
    t.datetime('received_at', { precision: 3 }).notNullable();
    // 'checkedIn' | 'already' | 'superseded' | 'stale' | 'undone'
    t.string('outcome', 12).notNullable();
    t.boolean('offline').notNullable().defaultTo(false);
    // the browser's id of a queued scan: a sync sent twice records it once
    t.string('client_ref', 64).nullable();
    t.unique(['conference_id', 'client_ref']);
    t.index(['conference_id', 'registrant_id']);
  });
  await knex.schema.createTable('checkins', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('registrant_id').unsigned().notNullable().references('id').inTable('registrants').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable();
    // the attempt that won (the earliest scan)
    t.integer('attempt_id').unsigned().notNullable().references('id').inTable('checkin_attempts').onDelete('CASCADE');
    t.integer('desk_id').unsigned().nullable().references('id').inTable('checkin_desks');
    t.integer('staff_id').unsigned().notNullable();
    t.datetime('checked_in_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'registrant_id']);
    t.index(['conference_id', 'checked_in_at']);
    t.index(['conference_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['checkins', 'checkin_attempts', 'checkin_desks']) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('registrants', (t) => {
    t.dropIndex(['conference_id', 'code'], 'registrants_conference_code_index');
  });
}
