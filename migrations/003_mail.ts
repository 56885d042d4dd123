/**
 * The mail outbox (DESIGN.md 7): a request writes its message here inside its own transaction and
 * the mail worker sends it, retries with backoff and records the result.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    // null: platform mail (verification codes), sent from the platform host's settings
    t.integer('conference_id').unsigned().nullable().references('id').inTable('conferences').onDelete('CASCADE');
    // the comma-separated recipients of one message
    t.string('to_address', 2000).notNullable();
    t.string('subject', 500).notNullable();
    t.text('text_body', 'mediumtext').notNullable();
    t.text('html_body', 'mediumtext').nullable();
    // 'queued' | 'sending' | 'sent' | 'failed' | 'kept' (no SMTP outside production: shown at /_dev/mail)
    t.string('status', 12).notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt_at', { precision: 3 }).notNullable();
    // while 'sending': the claim of one worker; past it, another worker may take the row over
    t.datetime('locked_until', { precision: 3 }).nullable();
    t.text('last_error').nullable();
    t.string('message_id', 255).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.index(['status', 'next_attempt_at']);
    t.index(['conference_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_outbox');
}
