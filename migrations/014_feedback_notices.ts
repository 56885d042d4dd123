/** Feedback from participants with the managers' replies, and the conference's notices (spec 3). */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('feedback', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('type', 100).notNullable();
    t.text('content').notNullable();
    t.integer('attachment_file_id').unsigned().nullable().references('id').inTable('files').onDelete('SET NULL');
    t.text('reply').nullable();
    t.datetime('replied_at', { precision: 3 }).nullable();
    t.integer('replied_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'created_at']);
    t.index(['conference_id', 'user_id']);
  });
  await knex.schema.createTable('notices', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('title_zh', 200).notNullable().defaultTo('');
    t.string('title_en', 200).notNullable().defaultTo('');
    // "from": who issues the notice
    t.string('source_zh', 100).notNullable().defaultTo('');
    t.string('source_en', 100).notNullable().defaultTo('');
    // the notice's time as shown (a manager may date it), an instant
    t.datetime('published_at', { precision: 3 }).notNullable();
    // the managers' HTML, shown as written (like their pages)
    t.text('content_zh', 'mediumtext').nullable();
    t.text('content_en', 'mediumtext').nullable();
    // a stored file of the conference (uploaded as kind 'file')
    t.string('file', 100).nullable();
    t.string('file_name', 255).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'published_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notices');
  await knex.schema.dropTableIfExists('feedback');
}
