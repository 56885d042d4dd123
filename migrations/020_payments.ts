/**
 * The payment configuration (spec 3 "Payment config"): a conference's plans and switches, and
 * each method's title, note and fields. Public fields are JSON; secret fields are one sealed JSON
 * value (server/platform/sealed.ts, purpose 'payments'). Certificates are up to 64 KB each, so
 * both are medium texts.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_settings', (t) => {
    t.integer('conference_id')
      .unsigned()
      .notNullable()
      .primary()
      .references('id')
      .inTable('conferences')
      .onDelete('CASCADE');
    // JSON arrays of method names, in the manager's order
    t.text('general_methods').notNullable();
    t.boolean('hotel_separate').notNullable().defaultTo(false);
    t.text('hotel_methods').notNullable();
    t.boolean('combined_allowed').notNullable().defaultTo(false);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('payment_methods', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('method', 20).notNullable();
    t.string('title_zh', 100).notNullable().defaultTo('');
    t.string('title_en', 100).notNullable().defaultTo('');
    t.text('note_zh').nullable();
    t.text('note_en').nullable();
    t.text('fields', 'mediumtext').notNullable();
    t.text('secrets', 'mediumtext').nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'method']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payment_methods');
  await knex.schema.dropTableIfExists('payment_settings');
}
