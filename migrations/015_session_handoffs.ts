/**
 * One-time codes that carry a sign-in from the platform's own origin (where passwords are typed)
 * to a conference's origin (where manager scripts run): docs/accounts.md, "Where passwords are
 * typed". Single use, about a minute long, bound to one conference and one browser (state).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_handoffs', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // HMACs: neither the code nor the browser's state is stored
    t.string('code_hash', 64).notNullable().unique();
    t.string('state_hash', 64).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    t.index(['conference_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('session_handoffs');
}
