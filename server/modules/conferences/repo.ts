/**
 * knex queries of the publication requests, the one table the conferences module owns
 * (server/db/owners.ts). The conference record itself is the sites module's
 * (sites/conferenceRecord.ts), the managers are roles of accounts (accounts/service.ts).
 * Conference-scoped functions take conferenceId first.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant, insertId } from '../../db/dialect';

type Conn = Db | Tx;

export type RequestRow = {
  id: number;
  conference_id: number;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  reason: string | null;
  requested_by: number | null;
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
};

export function insertRequest(db: Conn, conferenceId: number, userId: number): Promise<number> {
  return insertId(db('publication_requests').insert({ conference_id: conferenceId, status: 'pending', requested_by: userId, created_at: toDbInstant() }));
}

export function pendingRequest(db: Conn, conferenceId: number): Promise<RequestRow | undefined> {
  return db<RequestRow>('publication_requests').where({ conference_id: conferenceId, status: 'pending' }).orderBy('id', 'desc').first();
}

export function findRequest(db: Conn, conferenceId: number, requestId: number): Promise<RequestRow | undefined> {
  return db<RequestRow>('publication_requests').where({ conference_id: conferenceId, id: requestId }).first();
}

/** The newest request that is no longer pending or still is: what the manager last heard. */
export function latestRequest(db: Conn, conferenceId: number): Promise<RequestRow | undefined> {
  return db<RequestRow>('publication_requests').where({ conference_id: conferenceId }).orderBy('id', 'desc').first();
}

export async function decideRequest(
  db: Conn,
  conferenceId: number,
  requestId: number,
  decision: { status: RequestRow['status']; decidedBy: number; reason?: string | null },
): Promise<void> {
  await db('publication_requests')
    .where({ conference_id: conferenceId, id: requestId, status: 'pending' })
    .update({ status: decision.status, decided_by: decision.decidedBy, decided_at: toDbInstant(), reason: decision.reason ?? null });
}

/** The conference a request belongs to: the one lookup by request id alone (super admins' queue). */
export async function conferenceOfRequest(db: Conn, requestId: number): Promise<number | null> {
  const row = await db('publication_requests').where({ id: requestId }).first('conference_id');
  return row ? Number(row.conference_id) : null;
}

/** Pending requests of every conference, oldest first, for the platform administrators. */
export function pendingQueue(db: Conn): Promise<RequestRow[]> {
  return db<RequestRow>('publication_requests').where('status', 'pending').orderBy('created_at').orderBy('id');
}
