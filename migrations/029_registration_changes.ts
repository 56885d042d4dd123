/**
 * What an attendee may do with their own registration after it is made (issue 18), each a
 * manager's choice: change it after the registration window has closed (off: the window ends
 * changes too), and withdraw it (off: only the organisers remove a registrant).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('registration_settings', (t) => {
    t.boolean('edit_after_close').notNullable().defaultTo(false);
    t.boolean('allow_withdraw').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('registration_settings', (t) => {
    t.dropColumn('edit_after_close');
    t.dropColumn('allow_withdraw');
  });
}
