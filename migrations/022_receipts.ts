/**
 * Receipts (issue 12, spec 3 "Receipt (invoice)", 4 "Receipt status", 9): the payment receipt
 * issued when an order is paid (its number from a per-conference counter that never goes back, its
 * lines copied from the order at issue), and the invoice a person requests for a paid order, which
 * managers take from unbilled to invoiced.
 *
 * Money is integer minor units plus an ISO 4217 code (server/contract/money.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One row per conference: the last receipt number given. Locked (FOR UPDATE) while a number is
  // taken, and never lowered, so a deleted receipt's number is not given again.
  await knex.schema.createTable('receipt_counters', (t) => {
    t.integer('conference_id')
      .unsigned()
      .notNullable()
      .primary()
      .references('id')
      .inTable('conferences')
      .onDelete('CASCADE');
    t.integer('last_no').unsigned().notNullable().defaultTo(0);
  });
  await knex.schema.createTable('receipt_documents', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable();
    // R<year>-<6 digits>, shown to people
    t.string('number', 32).notNullable();
    t.string('order_no', 32).notNullable();
    t.string('payer_name', 200).notNullable().defaultTo('');
    t.string('payer_email', 320).notNullable().defaultTo('');
    // [{ titleZh, titleEn, unit (minor units), quantity }], copied from the order when issued
    t.text('lines').notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('total_amount').notNullable();
    t.bigInteger('paid_amount').notNullable();
    // the method of the attempt that paid it ('bankRemit', 'manual'...), '' when unknown
    t.string('method', 16).notNullable().defaultTo('');
    t.datetime('paid_at', { precision: 3 }).notNullable();
    t.datetime('issued_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'order_id']);
    t.unique(['conference_id', 'number']);
    t.index(['conference_id', 'user_id']);
  });
  await knex.schema.createTable('invoice_requests', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // one request per order: reissue is not supported (spec 9); the index decides under a race
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable();
    // copied when requested, for the managers' list and its filters
    t.string('order_no', 32).notNullable();
    t.string('applicant_name', 200).notNullable().defaultTo('');
    t.string('applicant_email', 320).notNullable().defaultTo('');
    // 'ordinary'
    t.string('invoice_type', 16).notNullable();
    // 'details' (commodity details)
    t.string('content', 16).notNullable();
    // 'personal' | 'company'
    t.string('title_type', 16).notNullable();
    t.string('title_name', 200).notNullable();
    t.string('taxpayer_id', 20).notNullable().defaultTo('');
    t.string('recipient_name', 100).notNullable();
    t.string('phone', 40).notNullable();
    t.string('address', 300).notNullable();
    t.string('email', 320).notNullable();
    t.string('currency', 3).notNullable();
    // the payment amount (what the order's payment brought) and the order's total
    t.bigInteger('amount').notNullable();
    t.bigInteger('order_amount').notNullable();
    // YYYY-MM-DD in the conference's time zone
    t.string('paid_date', 10).notNullable();
    // JSON array of names
    t.text('attendees').notNullable();
    t.text('comment').nullable();
    // 'unbilled' | 'toInvoice' | 'invoiced' (spec 4 "Receipt status"), forwards only
    t.string('status', 16).notNullable().defaultTo('unbilled');
    t.string('express_no', 64).notNullable().defaultTo('');
    t.string('bill_no', 64).notNullable().defaultTo('');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'order_id']);
    t.index(['conference_id', 'status', 'id']);
    t.index(['conference_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoice_requests');
  await knex.schema.dropTableIfExists('receipt_documents');
  await knex.schema.dropTableIfExists('receipt_counters');
}
