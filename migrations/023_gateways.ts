/**
 * Online payment (issue 13): the refunds managers ask a gateway for, and when the reconciler last
 * asked a gateway about an attempt.
 *
 * A refund's number is the gateway's idempotency key (WeChat out_refund_no, Alipay out_request_no,
 * PayPal-Request-Id, UnionPay orderId): unique, so the same request twice is one refund here and one
 * at the gateway. Its amount is integer minor units of the attempt's currency.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_refunds', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('attempt_id').unsigned().notNullable().references('id').inTable('payment_attempts').onDelete('CASCADE');
    // letters and digits, ≤32: what the gateway sees
    t.string('refund_no', 32).notNullable().unique();
    t.string('currency', 3).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('reason', 200).notNullable().defaultTo('');
    // 'requested' (asked, no answer yet) | 'pending' (the gateway took it) | 'succeeded' | 'failed'
    t.string('state', 16).notNullable();
    t.string('provider_ref', 128).nullable();
    t.text('detail').nullable();
    t.integer('requested_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'order_id']);
  });
  await knex.schema.alterTable('payment_attempts', (t) => {
    // the reconciler's last question to the gateway about this attempt
    t.datetime('checked_at', { precision: 3 }).nullable();
    t.index(['state', 'method', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_attempts', (t) => {
    t.dropIndex(['state', 'method', 'created_at']);
    t.dropColumn('checked_at');
  });
  await knex.schema.dropTableIfExists('payment_refunds');
}
