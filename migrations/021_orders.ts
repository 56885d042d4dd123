/**
 * Orders and payments (DESIGN.md 3, issue 12): what a person owes (orders and their lines), the
 * payment attempts that pay them (one attempt may pay several orders: combined payment), what a
 * payment did that nobody asked for (over-payment, payment of a cancelled order: flagged, never
 * dropped), and the bank statements managers import to confirm transfers.
 *
 * Money is integer minor units plus an ISO 4217 code (server/contract/money.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // shown to people and to providers: letters and digits only
    t.string('order_no', 32).notNullable();
    // 'register' | 'optional' | 'hotel' | 'module'
    t.string('type', 16).notNullable();
    // the code a payer writes on a bank or postal transfer; the statement import looks for it
    t.string('reference', 16).notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('total_amount').notNullable();
    t.bigInteger('paid_amount').notNullable().defaultTo(0);
    // 'unpaid' | 'paid' | 'cancelled' | 'expired' | 'invalid' (spec 4's statuses are derived from it)
    t.string('status', 16).notNullable();
    // the order's type while it is open (unpaid or invalid), else null: the unique index below lets a
    // person hold one open order of a type at a time, decided by the database even under a rush
    t.string('open_slot', 16).nullable();
    t.string('lang', 2).notNullable().defaultTo('zh');
    t.datetime('deadline_at', { precision: 3 }).notNullable();
    t.datetime('paid_at', { precision: 3 }).nullable();
    t.datetime('closed_at', { precision: 3 }).nullable();
    // the one reminder before the deadline has been sent
    t.datetime('reminded_at', { precision: 3 }).nullable();
    // the person removed it from their list (kept for the managers and the books)
    t.datetime('hidden_at', { precision: 3 }).nullable();
    t.text('remark').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'order_no']);
    t.unique(['conference_id', 'reference']);
    t.unique(['conference_id', 'user_id', 'open_slot']);
    t.index(['conference_id', 'status', 'created_at']);
    t.index(['status', 'deadline_at']);
  });
  await knex.schema.createTable('order_items', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    // the fee (or room, or service) the line is for; its titles and price are copied at order time
    t.integer('ref_id').unsigned().nullable();
    t.string('title_zh', 300).notNullable().defaultTo('');
    t.string('title_en', 300).notNullable().defaultTo('');
    t.bigInteger('unit_amount').notNullable();
    t.integer('quantity').notNullable();
    t.integer('price_version').notNullable().defaultTo(0);
    // false once the fee's price changed (or its holder was deleted): the line can no longer be paid
    t.boolean('valid').notNullable().defaultTo(true);
    t.index(['conference_id', 'order_id']);
    t.index(['conference_id', 'kind', 'ref_id']);
  });
  await knex.schema.createTable('payment_attempts', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().nullable();
    // the number the provider sees (out_trade_no): unique across the platform, letters and digits, ≤32
    t.string('attempt_no', 32).notNullable().unique();
    // a method of payments (bankRemit, ...) or 'manual' (a manager's deal) or 'statement' (an import)
    t.string('method', 16).notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('amount').notNullable();
    // what arrived, once it did
    t.bigInteger('received_amount').nullable();
    // 'created' | 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired'
    t.string('state', 16).notNullable();
    t.string('provider_ref', 128).nullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('succeeded_at', { precision: 3 }).nullable();
    t.integer('confirmed_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'state']);
  });
  await knex.schema.createTable('attempt_orders', (t) => {
    t.integer('conference_id').unsigned().notNullable();
    t.integer('attempt_id').unsigned().notNullable().references('id').inTable('payment_attempts').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    // the part of the attempt's amount meant for this order (its outstanding amount when the attempt began)
    t.bigInteger('amount').notNullable();
    t.primary(['attempt_id', 'order_id']);
    t.index(['conference_id', 'order_id']);
  });
  await knex.schema.createTable('payment_anomalies', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('attempt_id').unsigned().nullable();
    t.integer('order_id').unsigned().nullable();
    t.integer('statement_row_id').unsigned().nullable();
    // 'overpaid' | 'duplicate' | 'paidWhileClosed' | 'partial' | 'unmatched'
    t.string('kind', 20).notNullable();
    t.string('currency', 3).nullable();
    t.bigInteger('amount').nullable();
    t.text('detail').nullable();
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.integer('resolved_by').unsigned().nullable();
    t.text('resolution').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'resolved_at']);
  });
  await knex.schema.createTable('statement_mappings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    // { date, amount, currency?, text, payer? } → column headers of the bank's CSV, as JSON
    t.text('mapping').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('statement_rows', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // a hash of the row's date, amount, currency and text: the same row imported twice is seen
    t.string('row_hash', 64).notNullable();
    t.string('booked_on', 10).notNullable().defaultTo('');
    t.string('currency', 3).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('payer', 200).notNullable().defaultTo('');
    t.text('text').notNullable();
    // 'confirmed' | 'queued' | 'dismissed'
    t.string('outcome', 16).notNullable();
    t.integer('attempt_id').unsigned().nullable();
    t.integer('imported_by').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'row_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'statement_rows',
    'statement_mappings',
    'payment_anomalies',
    'attempt_orders',
    'payment_attempts',
    'order_items',
    'orders',
  ])
    await knex.schema.dropTableIfExists(table);
}
