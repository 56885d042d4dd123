/**
 * Submissions (issue 15): the call for papers (settings and the book's layout), its sessions with
 * sub-sessions, report types and categories, the manuscripts with their authors, every change of
 * status, and the cached book of abstracts.
 *
 * A manuscript's number is its session's prefix and that session's sequence (`last_seq` on the
 * top-level session, raised under its row lock): never reused, even after a withdrawal. The
 * conference-wide and per-person limits are counted under the settings row's lock
 * (server/db/capacity.ts). `book_version` rises with every change the book prints, so a cached
 * book knows it is stale.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submission_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    t.boolean('enabled').notNullable();
    t.string('start_date', 10).notNullable();
    t.string('end_date', 10).notNullable();
    t.string('second_deadline', 10).notNullable();
    // 'required' | 'optional' | 'hide'
    t.string('abstract_mode', 8).notNullable();
    t.integer('abstract_max_chars').notNullable();
    // { mode, types, maxMb }
    t.text('abstract_file').notNullable();
    t.text('full_text').notNullable();
    t.string('author_info', 8).notNullable();
    t.string('category_mode', 8).notNullable();
    t.string('report_type_mode', 8).notNullable();
    t.string('keywords_mode', 8).notNullable();
    t.boolean('limit_per_person').notNullable();
    t.integer('max_per_person').notNullable();
    t.integer('max_total').notNullable();
    // sanitised when saved (server/platform/sanitize.ts)
    t.text('instructions_zh').notNullable();
    t.text('instructions_en').notNullable();
    t.boolean('edit_after_accept').notNullable();
    // { perPage, showNumber, title, author, content } (server/contract/submissions.ts layoutInput)
    t.text('layout').notNullable();
    t.integer('book_version').notNullable().defaultTo(0);
    t.boolean('saved').notNullable().defaultTo(false);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('submission_sessions', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('parent_id').unsigned().nullable();
    t.string('title_zh', 200).notNullable();
    t.string('title_en', 200).notNullable();
    t.string('prefix', 10).notNullable().defaultTo('');
    t.integer('sort').notNullable().defaultTo(0);
    // the last number given to a manuscript of this session (top-level sessions only)
    t.integer('last_seq').notNullable().defaultTo(0);
    t.index(['conference_id', 'parent_id']);
  });
  await knex.schema.createTable('submission_terms', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // 'reportType' | 'category'
    t.string('kind', 12).notNullable();
    t.string('title_zh', 100).notNullable();
    t.string('title_en', 100).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.index(['conference_id', 'kind']);
  });
  await knex.schema.createTable('submissions', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('number', 24).notNullable();
    t.string('title', 300).notNullable();
    t.integer('session_id').unsigned().notNullable();
    t.integer('sub_session_id').unsigned().nullable();
    t.integer('report_type_id').unsigned().nullable();
    t.integer('category_id').unsigned().nullable();
    t.text('abstract').notNullable();
    t.string('keywords', 500).notNullable().defaultTo('');
    // stored names of files rows (kind 'manuscript'), '' for none
    t.string('abstract_file', 120).notNullable().defaultTo('');
    t.string('full_text_file', 120).notNullable().defaultTo('');
    // server/contract/submissions.ts SUBMISSION_STATUSES
    t.string('status', 12).notNullable();
    // counts against the limits: every status but 'withdrawn'
    t.boolean('active').notNullable();
    t.string('lang', 2).notNullable().defaultTo('zh');
    t.datetime('submitted_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'number']);
    t.index(['conference_id', 'user_id', 'active']);
    t.index(['conference_id', 'status']);
    t.index(['conference_id', 'session_id']);
  });
  await knex.schema.createTable('submission_authors', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable();
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('name', 100).notNullable();
    t.string('surname', 100).notNullable();
    t.string('email', 254).notNullable().defaultTo('');
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('country', 100).notNullable().defaultTo('');
    t.string('company', 300).notNullable().defaultTo('');
    t.boolean('corresponding').notNullable().defaultTo(false);
    t.index(['submission_id', 'position']);
    t.index(['conference_id', 'email']);
  });
  await knex.schema.createTable('submission_history', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable();
    t.integer('submission_id').unsigned().notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    t.string('from_status', 12).nullable();
    t.string('to_status', 12).notNullable();
    // 'author' | 'manager' | 'system'
    t.string('by', 8).notNullable();
    t.integer('actor_id').unsigned().nullable();
    t.string('actor', 200).notNullable().defaultTo('');
    t.string('note', 1000).notNullable().defaultTo('');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['submission_id', 'id']);
  });
  await knex.schema.createTable('submission_books', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('lang', 2).notNullable();
    // 'building' | 'ready' | 'failed'
    t.string('state', 10).notNullable();
    // the settings' book_version the PDF was built from
    t.integer('version').notNullable();
    t.integer('pages').notNullable().defaultTo(0);
    t.text('moves').notNullable();
    t.datetime('built_at', { precision: 3 }).nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'lang']);
  });
  await knex.schema.alterTable('submission_books', (t) => {
    // The PDF itself: up to a few MB (longblob on MariaDB, where blob stops at 64 KB).
    if (knex.client.config.client === 'mysql2' || knex.client.config.client === 'mysql')
      t.specificType('pdf', 'longblob').nullable();
    else t.binary('pdf').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'submission_books',
    'submission_history',
    'submission_authors',
    'submissions',
    'submission_terms',
    'submission_sessions',
    'submission_settings',
  ])
    await knex.schema.dropTableIfExists(table);
}
