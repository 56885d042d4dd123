/**
 * The submission fee (issue 32; spec 3 "Order" orderType module, 8 "If the submission fee is not
 * paid, click OK to jump to the order to pay"): a conference may charge authors a fee for the
 * submission service, paid as a `module` order like any other. `rule`: 'beforeSubmit' (the fee is
 * paid before the first manuscript is sent) or 'afterSubmit' (the first manuscript makes the
 * order, paid afterwards). One fee per author per conference.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submission_fee_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    // money: integer minor units of the currency beside it (server/contract/money.ts)
    t.bigInteger('amount').notNullable().defaultTo(0);
    t.string('currency', 3).notNullable().defaultTo('CNY');
    t.string('rule', 12).notNullable().defaultTo('beforeSubmit');
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('submission_fee_settings');
}
