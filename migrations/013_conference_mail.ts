/**
 * A conference's own mail (spec 3 "Email config"): its SMTP settings (the password encrypted at
 * rest) and its e-mail templates (a row only where a manager changed the built-in text).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_configs', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    // AES-256-GCM under a key derived from the platform's secret: iv.tag.ciphertext, base64url
    t.string('password_enc', 1000).notNullable();
    t.string('smtp_host', 253).notNullable();
    t.integer('port').notNullable();
    t.boolean('ssl').notNullable().defaultTo(true);
    t.boolean('active').notNullable().defaultTo(true);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('mail_templates', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.string('subject_zh', 300).notNullable();
    t.string('subject_en', 300).notNullable();
    t.text('body_zh', 'mediumtext').notNullable();
    t.text('body_en', 'mediumtext').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_templates');
  await knex.schema.dropTableIfExists('mail_configs');
}
