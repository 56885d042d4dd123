/**
 * Fees (spec 3 "Registration fee / optional fee item"): the items a conference charges for, and
 * the places orders hold of them. One item is one category; max_total is the category's maximum.
 * A hold is the places an order (unpaid or paid) takes; used = SUM(quantity). fee_holds.order_id
 * has no foreign key: orders own their table and come later (021_orders).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fee_items', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.string('category', 100).notNullable();
    t.string('title_zh', 200).notNullable();
    t.string('title_en', 200).notNullable();
    t.text('description_zh').notNullable();
    t.text('description_en').notNullable();
    // money: integer minor units of the currency beside it (server/contract/money.ts)
    t.bigInteger('price_amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('display_currency', 3).notNullable();
    t.bigInteger('display_price_amount').notNullable();
    // YYYY-MM-DD, compared in the conference's time zone; the deadline day is included
    t.string('open_date', 10).notNullable();
    t.string('deadline', 10).notNullable();
    t.boolean('open').notNullable().defaultTo(true);
    t.string('user_scope', 12).notNullable().defaultTo('all');
    t.string('lang_scope', 3).notNullable().defaultTo('all');
    // '' = none
    t.string('invitation_code', 64).notNullable().defaultTo('');
    t.integer('max_total').notNullable();
    t.integer('max_per_account').notNullable();
    // bumped on every price change; order lines copy it, so an order made at an older price is known
    t.integer('price_version').notNullable().defaultTo(1);
    t.integer('sort').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'kind', 'sort']);
  });
  await knex.schema.createTable('fee_holds', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('fee_id').unsigned().notNullable().references('id').inTable('fee_items').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable();
    t.integer('user_id').unsigned().notNullable();
    t.integer('quantity').notNullable();
    // the order holding the places is paid (set on orders' 'order.paid'): a price change then concerns it no more
    t.boolean('paid').notNullable().defaultTo(false);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'order_id', 'fee_id']);
    t.index(['conference_id', 'fee_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fee_holds');
  await knex.schema.dropTableIfExists('fee_items');
}
