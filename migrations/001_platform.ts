/** Conferences, their domains, users, roles in a conference, super admins and sessions. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conferences', (t) => {
    t.increments('id').primary();
    // '1' draft, '2' waiting for review, '3' rejected, '4' published, '5' closed (contract/enums).
    t.string('status', 2).notNullable().defaultTo('1');
    t.boolean('register_flag').notNullable().defaultTo(false);
    t.integer('register_num').notNullable().defaultTo(0);
    t.string('time_zone', 64).notNullable().defaultTo('Asia/Shanghai');
    t.string('slug', 64).notNullable().unique();
    t.integer('created_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('conference_domains', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('domain', 253).notNullable().unique();
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.index(['conference_id']);
  });
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('true_name', 100).notNullable().defaultTo('');
    t.string('password_hash', 255).nullable();
    t.string('umt_id', 100).nullable();
    t.string('cstnet_id', 254).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('conference_roles', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // 'attendee' | 'manager' | 'creator' | 'reviewer'
    t.string('role', 16).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'user_id', 'role']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('super_admins', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // null for a session issued on the platform host
    t.integer('conference_id').unsigned().nullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('disciplines', (t) => {
    t.increments('id').primary();
    t.integer('parent_id').unsigned().nullable();
    t.string('code', 16).notNullable().unique();
    t.string('name_zh', 100).notNullable();
    t.string('name_en', 150).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'disciplines',
    'sessions',
    'super_admins',
    'conference_roles',
    'users',
    'conference_domains',
    'conferences',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
