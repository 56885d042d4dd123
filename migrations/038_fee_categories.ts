/**
 * Fee categories (issue 32; spec 3 "Maximum total per category", 5 "Registration fee config"):
 * the category was a single-language text on each fee item, and each item counted its own
 * maximum. A category is now a row of its own, named in both languages, whose maximum the fee
 * items of the category share; its row is what an order locks to count the category's places.
 *
 * The existing items are grouped by (conference, kind, category text): each group becomes one
 * category named the same in both languages (the manager gives the English name on the next
 * edit), with the SUM of its items' maxima, so no place an order already holds is over the new
 * maximum. fee_items.category and max_total stay as written (the zh name, the category's
 * maximum) for older readers; the category row is the truth.
 *
 * fee_settings: the per-conference fee rules; today how many registration fees one person may
 * hold (1 unless the manager allows more; issue 32: one registration fee per person).
 *
 * orders.display_currency: the currency an order is shown in (spec 3 "Order": displayCurrency),
 * the display currency of its fees when they share one, else the currency it is charged in.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fee_categories', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.string('name_zh', 100).notNullable();
    t.string('name_en', 100).notNullable();
    t.integer('max_total').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['conference_id', 'kind', 'name_zh']);
  });
  await knex.schema.alterTable('fee_items', (t) => {
    t.integer('category_id').unsigned().nullable().references('id').inTable('fee_categories');
  });
  const groups = (await knex('fee_items')
    .select('conference_id', 'kind', 'category')
    .sum({ total: 'max_total' })
    .groupBy('conference_id', 'kind', 'category')) as Array<{
    conference_id: number;
    kind: string;
    category: string;
    total: number | string;
  }>;
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  for (const g of groups) {
    await knex('fee_categories').insert({
      conference_id: g.conference_id,
      kind: g.kind,
      name_zh: g.category,
      name_en: g.category,
      max_total: Number(g.total),
      created_at: now,
      updated_at: now,
    });
    const row = await knex('fee_categories')
      .where({ conference_id: g.conference_id, kind: g.kind, name_zh: g.category })
      .first('id');
    await knex('fee_items')
      .where({ conference_id: g.conference_id, kind: g.kind, category: g.category })
      .update({ category_id: row.id, max_total: Number(g.total) });
  }
  await knex.schema.createTable('fee_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    // how many registration fees (their quantities added) one person may hold, unpaid or paid
    t.integer('register_per_person').notNullable().defaultTo(1);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('display_currency', 3).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => t.dropColumn('display_currency'));
  await knex.schema.dropTableIfExists('fee_settings');
  await knex.schema.alterTable('fee_items', (t) => {
    t.dropForeign(['category_id']);
    t.dropColumn('category_id');
  });
  await knex.schema.dropTableIfExists('fee_categories');
}
