/**
 * The order log (issue 35): who did what to an order and when — created, paid (and through what:
 * a gateway, a manager's deal, a bank statement row), cancelled, expired, invalidated, reopened,
 * its lines re-priced, its remark changed, a refund asked for and its outcome, a statement row
 * that reported a transfer a manager had already confirmed. Written by the orders feature's own
 * event handlers, in the transaction of the change (server/modules/orders/log.ts), so the log
 * never says what did not happen and never misses what did.
 *
 * Append-only: rows are never updated. The actor is a person (the order's owner), a manager, a
 * gateway, the statement import, or the platform (jobs, another feature's change); the user id is
 * kept for people and managers. Amounts in minor units with their currency, as everywhere.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_log', (t) => {
    t.bigIncrements('id');
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.datetime('at').notNullable();
    t.string('actor', 16).notNullable();
    t.integer('actor_user_id').unsigned().nullable();
    t.string('action', 32).notNullable();
    t.bigInteger('amount').nullable();
    t.string('currency', 3).nullable();
    // what else the line says, a short machine-readable reason or reference (a refund number, an attempt number, 'feePriceChanged')
    t.string('detail', 200).notNullable().defaultTo('');
    t.index(['conference_id', 'order_id', 'id'], 'order_log_order');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_log');
}
