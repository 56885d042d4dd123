/** Uploaded files, page and template versions, and publication requests. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // what it was uploaded as: 'image' | 'banner' | 'thumbnail' | 'css' | 'file'
    t.string('kind', 16).notNullable();
    t.string('stored_name', 80).notNullable();
    t.string('original_name', 255).notNullable();
    t.string('content_type', 100).notNullable();
    t.integer('size').unsigned().notNullable();
    t.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'stored_name']);
    t.index(['conference_id', 'kind']);
  });
  await knex.schema.createTable('page_versions', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('page_id').unsigned().notNullable().references('id').inTable('pages').onDelete('CASCADE');
    t.integer('version').unsigned().notNullable();
    t.string('name', 100).notNullable();
    t.text('html', 'mediumtext').notNullable();
    t.text('css', 'mediumtext').nullable();
    t.string('css_path', 500).nullable();
    t.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'page_id', 'version']);
  });
  await knex.schema.createTable('publication_requests', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // 'pending' | 'approved' | 'rejected' | 'withdrawn'
    t.string('status', 10).notNullable().defaultTo('pending');
    t.string('reason', 1000).nullable();
    t.integer('requested_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('decided_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('decided_at', { precision: 3 }).nullable();
    t.index(['conference_id', 'status']);
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['publication_requests', 'page_versions', 'files']) await knex.schema.dropTableIfExists(table);
}
