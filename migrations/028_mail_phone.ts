/**
 * The mail configuration's phone (spec 3 "Email config", 5: a phone number): who runs the
 * conference's mailbox, for the platform's operators to reach when its mail fails. Optional.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_configs', (t) => {
    t.string('phone', 40).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_configs', (t) => t.dropColumn('phone'));
}
