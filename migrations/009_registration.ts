/**
 * Conference registration: its basic settings, the versioned form, the registrants and their
 * files, the single-use download tokens of the management exports, and temporary uploads.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('registration_settings', (t) => {
    // One row per conference; the registration transaction locks it before it counts (the cap).
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    // YYYY-MM-DD in the conference's time zone; '' while not set (the window is then closed)
    t.string('start_date', 10).notNullable().defaultTo('');
    t.string('end_date', 10).notNullable().defaultTo('');
    t.text('instructions_zh', 'mediumtext').nullable();
    t.text('instructions_en', 'mediumtext').nullable();
    t.string('register_rule', 32).notNullable().defaultTo('REGISTER_FIRST_AND_PAY_LATER');
    t.boolean('costs_set').notNullable().defaultTo(false);
    t.string('code_prefix', 16).notNullable().defaultTo('');
    // the last registration number given: codes are never reused, even after a deletion
    t.integer('last_seq').notNullable().defaultTo(0);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('registration_forms', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('version', 32).notNullable();
    // the FormRules of server/contract/registration.ts, as JSON
    t.text('rules', 'mediumtext').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'version']);
  });
  await knex.schema.createTable('registrants', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('version', 32).notNullable();
    t.integer('seq').notNullable();
    t.string('code', 40).notNullable();
    t.string('email', 254).notNullable();
    // copies of the answers that lists, searches and documents need
    t.string('full_name', 100).notNullable().defaultTo('');
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('middle_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('country', 100).notNullable().defaultTo('');
    t.string('unit', 200).notNullable().defaultTo('');
    // every answer by field key, as JSON (Answers of the contract)
    t.text('answers', 'mediumtext').notNullable();
    // the manager who added the registrant by hand; null when they registered themselves
    t.integer('added_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'user_id']);
    t.unique(['conference_id', 'email']);
    t.unique(['conference_id', 'seq']);
    t.index(['conference_id', 'created_at']);
  });
  await knex.schema.createTable('registrant_files', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('registrant_id').unsigned().notNullable().references('id').inTable('registrants').onDelete('CASCADE');
    t.integer('file_id').unsigned().notNullable().references('id').inTable('files').onDelete('CASCADE');
    t.string('field', 40).notNullable();
    t.primary(['conference_id', 'registrant_id', 'file_id']);
  });
  // Uploads made before the form is saved (temp/upload): claimed by the registration that names them.
  await knex.schema.alterTable('files', (t) => {
    t.boolean('temporary').notNullable().defaultTo(false);
    t.index(['temporary', 'created_at']);
  });
  await knex.schema.createTable('download_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'download_tokens',
    'registrant_files',
    'registrants',
    'registration_forms',
    'registration_settings',
  ])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('files', (t) => {
    t.dropIndex(['temporary', 'created_at']);
    t.dropColumn('temporary');
  });
}
