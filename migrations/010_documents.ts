/** Document templates of a conference (spec 3 "Document template config"): badge, letter, receipt, ticket. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_templates', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // 'BADGE' | 'INVITATION' | 'RECEIPT' | 'TICKET'
    t.string('type', 16).notNullable();
    // 'DISABLED' | 'DEFAULT' (the system's layout) | 'CUSTOM' (background image + field layout)
    t.string('enabled_type', 10).notNullable();
    // a stored file of the conference (an image uploaded as kind 'banner')
    t.string('background_file', 100).nullable();
    // the DocumentLayout of server/contract/documents.ts, as JSON
    t.text('layout').nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'type']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_templates');
}
