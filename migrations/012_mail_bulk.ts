/**
 * Bulk mail to registrants (spec 2.12, 9: at most 20 recipients a message): the recipients of
 * such a message are in Bcc, so nobody sees another's address; `kind` says what a message is,
 * for the delivery log.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('bcc_address', 4000).nullable();
    t.string('kind', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('bcc_address');
    t.dropColumn('kind');
  });
}
