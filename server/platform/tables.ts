/**
 * The platform's own tables, typed for knex (`db('sessions')` yields a `SessionRow`). Each owner
 * of tables (server/db/owners.ts) declares its own in a `tables.ts` beside its repository; the
 * declarations merge into knex's one `Tables` interface. test/server/platform/repositories.test.ts
 * fails on a table no owner declares.
 */
import type { WorkRow } from './work/repo';

/** A session (ids are the token's random handle); instants as the database stores them. */
export type SessionRow = {
  id: string;
  user_id: number;
  conference_id: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
};

/** Who holds a scheduled job's lease, and until when. */
export type JobLeaseRow = { name: string; holder: string; expires_at: string };

declare module 'knex/types/tables' {
  interface Tables {
    sessions: SessionRow;
    job_leases: JobLeaseRow;
    work_items: WorkRow;
  }
}
