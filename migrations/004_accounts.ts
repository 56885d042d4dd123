/** Verification codes, identity providers (passport OAuth2 and OIDC) and linked identities. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.datetime('email_verified_at', { precision: 3 }).nullable();
  });
  await knex.schema.createTable('verification_codes', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable();
    // 'registerCode' | 'resetPassCode'
    t.string('purpose', 16).notNullable();
    // HMAC of the code: the code itself is never stored
    t.string('code_hash', 64).notNullable();
    t.integer('conference_id').unsigned().nullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('wrong_attempts').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    t.index(['email', 'purpose']);
  });
  await knex.schema.createTable('identity_providers', (t) => {
    t.increments('id').primary();
    // 'passport' (the platform's OAuth2 provider) | 'oidc' (an institution)
    t.string('kind', 10).notNullable();
    t.string('name_zh', 100).notNullable();
    t.string('name_en', 150).notNullable();
    t.string('issuer', 500).nullable();
    t.string('client_id', 255).notNullable();
    t.string('client_secret', 500).notNullable();
    t.string('authorize_url', 500).nullable();
    t.string('token_url', 500).nullable();
    t.string('userinfo_url', 500).nullable();
    t.string('logout_url', 500).nullable();
    t.string('logo', 500).notNullable().defaultTo('');
    t.boolean('is_common').notNullable().defaultTo(false);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('sort').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('user_identities', (t) => {
    t.integer('provider_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('identity_providers')
      .onDelete('CASCADE');
    t.string('subject', 255).notNullable();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['provider_id', 'subject']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_identities', 'identity_providers', 'verification_codes'])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('users', (t) => t.dropColumn('email_verified_at'));
}
