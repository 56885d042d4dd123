/**
 * Indexes for the managers' overview (issue 33): its counts by country, unit and form version,
 * and orders by status and currency, read from an index instead of every row of the conference
 * (test/bench/overview.ts: 10,000 registrants, 20,000 orders).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('registrants', (t) => {
    t.index(['conference_id', 'country'], 'registrants_overview_country');
    t.index(['conference_id', 'unit'], 'registrants_overview_unit');
    t.index(['conference_id', 'version'], 'registrants_overview_version');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.index(['conference_id', 'status', 'currency', 'total_amount', 'paid_amount'], 'orders_overview_amounts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) =>
    t.dropIndex(['conference_id', 'status', 'currency', 'total_amount', 'paid_amount'], 'orders_overview_amounts'),
  );
  await knex.schema.alterTable('registrants', (t) => {
    t.dropIndex(['conference_id', 'country'], 'registrants_overview_country');
    t.dropIndex(['conference_id', 'unit'], 'registrants_overview_unit');
    t.dropIndex(['conference_id', 'version'], 'registrants_overview_version');
  });
}
