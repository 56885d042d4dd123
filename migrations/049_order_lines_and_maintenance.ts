/**
 * What an order line shows (issue 32): its fee's category, named in both languages (038's
 * fee_categories), and its unit price in the order's display currency (038's
 * orders.display_currency), each written when the line is written, as its titles are, so a later
 * edit of the fee changes no order already made.
 *
 * Lines written before keep null display amounts where the order is shown in another currency
 * than it is charged in and the fee's price has changed since (another price_version): the
 * screens then show the charged amount alone. Lines of an unchanged fee take its display price and
 * its category's names now.
 *
 * conferences.maintenance: the conference's maintenance switch (spec 8 'Under Maintenance'): while
 * on, its site and personal pages show the maintenance page to everyone but its staff.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_items', (t) => {
    t.string('category_zh', 100).nullable();
    t.string('category_en', 100).nullable();
    t.bigInteger('display_unit_amount').nullable();
  });
  await knex.schema.alterTable('conferences', (t) => {
    t.boolean('maintenance').notNullable().defaultTo(false);
  });
  const rows = (await knex('order_items as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .join('fee_items as f', function () {
      this.on('f.id', '=', 'i.ref_id').andOn('f.conference_id', '=', 'i.conference_id');
    })
    .leftJoin('fee_categories as c', 'c.id', 'f.category_id')
    .whereIn('i.kind', ['register', 'optional'])
    .select(
      'i.id',
      'i.price_version',
      'o.currency',
      'o.display_currency',
      'f.price_version as fee_version',
      'f.display_currency as fee_display_currency',
      'f.display_price_amount',
      'c.name_zh',
      'c.name_en',
    )) as Array<{
    id: number;
    price_version: number;
    currency: string;
    display_currency: string | null;
    fee_version: number;
    fee_display_currency: string;
    display_price_amount: number | string;
    name_zh: string | null;
    name_en: string | null;
  }>;
  // The display amount is copied from one bigint column to another as the driver gives it (a
  // string on MySQL): minor units, never turned into a float on the way.
  for (const r of rows) {
    const shownElse = r.display_currency && r.display_currency !== r.currency;
    const samePrice =
      Number(r.price_version) === Number(r.fee_version) && r.fee_display_currency === r.display_currency;
    await knex('order_items')
      .where({ id: r.id })
      .update({
        category_zh: r.name_zh,
        category_en: r.name_en,
        display_unit_amount: shownElse && samePrice ? r.display_price_amount : null,
      });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conferences', (t) => t.dropColumn('maintenance'));
  await knex.schema.alterTable('order_items', (t) => {
    t.dropColumn('display_unit_amount');
    t.dropColumn('category_en');
    t.dropColumn('category_zh');
  });
}
