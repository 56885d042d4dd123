/**
 * Leases of the periodic jobs (server/platform/jobs.ts): one row per job name, naming the
 * instance that holds it and until when. An instance runs a job only while it holds the job's
 * lease, so with several instances each job runs on one of them at a time; the lease of an
 * instance that crashed runs out at `expires_at` and another one takes the job over.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_leases', (t) => {
    t.string('name', 100).notNullable().primary();
    t.string('holder', 100).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_leases');
}
