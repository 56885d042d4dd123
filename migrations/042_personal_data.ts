/**
 * A person's own data (issue 32): the export of everything the platform holds about a person and
 * the erasure of their account.
 *
 * - `work_items.conference_id` may be NULL: a person's export is heavy work of no conference (it
 *   spans all of them), run by the same runner and kept, like every result, for an hour.
 * - `erasure_requests`: one row per account erasure, from its confirmation to its end. The work runs
 *   in short batches, each its own transaction; `step` names the feature part under way, so that a
 *   crash resumes where it stopped (every part's batch is safe to run again).
 * - `erasure_conferences`: the conferences an erasure touched, with what was kept there: what
 *   their managers see in their management area.
 * - `personal_data_erased_at` on the rows that law or money keeps (paid orders, issued receipts,
 *   invoice requests): the person's contact details are gone from them, the row says why it stays.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('work_items', (t) => {
    t.integer('conference_id').unsigned().nullable().alter();
  });
  await knex.schema.createTable('erasure_requests', (t) => {
    t.increments('id').primary();
    // the account erased (its row stays, anonymised: paid orders point to it)
    t.integer('user_id').unsigned().notNullable();
    // 'self' (confirmed by an e-mail code) or 'admin' (a super admin, on the person's request)
    t.string('origin', 10).notNullable();
    t.integer('requested_by').unsigned().notNullable();
    // what the person was called, to find their rows while the erasure runs; cleared at the end
    t.string('email', 254).nullable();
    t.string('name', 200).nullable();
    // 'erasing' | 'done'
    t.string('state', 10).notNullable();
    // the feature part under way (its name), and how many rows were changed so far
    t.string('step', 40).nullable();
    t.integer('changed').notNullable().defaultTo(0);
    t.string('note', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('finished_at', { precision: 3 }).nullable();
    t.index(['state']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('erasure_conferences', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('erasure_id').unsigned().notNullable().references('id').inTable('erasure_requests').onDelete('CASCADE');
    // what stays in this conference and why (JSON: { orders: 2, receipts: 1 })
    t.text('kept').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'erasure_id']);
  });
  for (const table of ['orders', 'receipt_documents', 'invoice_requests']) {
    await knex.schema.alterTable(table, (t) => {
      t.datetime('personal_data_erased_at', { precision: 3 }).nullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['orders', 'receipt_documents', 'invoice_requests']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('personal_data_erased_at'));
  }
  await knex.schema.dropTableIfExists('erasure_conferences');
  await knex.schema.dropTableIfExists('erasure_requests');
}
