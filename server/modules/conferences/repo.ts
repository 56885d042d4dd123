/**
 * knex queries of the publication requests, the one table the conferences module owns
 * (server/db/owners.ts). The conference record itself is the sites module's
 * (sites/conferenceRecordRepo.ts), the managers are roles of accounts (accounts/service.ts).
 * Conference-scoped functions take conferenceId first.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant, insertId } from '../../db/dialect';

type Conn = Db | Tx;

/** A row of `publication_requests`; instants as the database stores them. */
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

/** A publication request as the service reads it: its instants as `Date`. */
export type PublicationRequest = Omit<RequestRow, 'created_at' | 'decided_at'> & {
  created_at: Date;
  decided_at: Date | null;
};

function clean(row: RequestRow): PublicationRequest {
  return { ...row, created_at: fromDbInstant(row.created_at)!, decided_at: fromDbInstant(row.decided_at) };
}

export function insertRequest(db: Conn, conferenceId: number, userId: number): Promise<number> {
  return insertId(
    db('publication_requests').insert({
      conference_id: conferenceId,
      status: 'pending',
      requested_by: userId,
      created_at: toDbInstant(),
    }),
  );
}

export async function pendingRequest(db: Conn, conferenceId: number): Promise<PublicationRequest | undefined> {
  const row = await db('publication_requests')
    .where({ conference_id: conferenceId, status: 'pending' })
    .orderBy('id', 'desc')
    .first();
  return row && clean(row);
}

export async function findRequest(
  db: Conn,
  conferenceId: number,
  requestId: number,
): Promise<PublicationRequest | undefined> {
  const row = await db('publication_requests').where({ conference_id: conferenceId, id: requestId }).first();
  return row && clean(row);
}

/** The newest request that is no longer pending or still is: what the manager last heard. */
export async function latestRequest(db: Conn, conferenceId: number): Promise<PublicationRequest | undefined> {
  const row = await db('publication_requests').where({ conference_id: conferenceId }).orderBy('id', 'desc').first();
  return row && clean(row);
}

export async function decideRequest(
  db: Conn,
  conferenceId: number,
  requestId: number,
  decision: { status: RequestRow['status']; decidedBy: number; reason?: string | null },
): Promise<void> {
  await db('publication_requests')
    .where({ conference_id: conferenceId, id: requestId, status: 'pending' })
    .update({
      status: decision.status,
      decided_by: decision.decidedBy,
      decided_at: toDbInstant(),
      reason: decision.reason ?? null,
    });
}

/** The conference a request belongs to: the one lookup by request id alone (super admins' queue). */
export async function conferenceOfRequest(db: Conn, requestId: number): Promise<number | null> {
  const row = await db('publication_requests').where({ id: requestId }).first('conference_id');
  return row ? row.conference_id : null;
}

/** Pending requests of every conference, oldest first, for the platform administrators. */
export async function pendingQueue(db: Conn): Promise<PublicationRequest[]> {
  const rows = await db('publication_requests').where('status', 'pending').orderBy('created_at').orderBy('id');
  return rows.map(clean);
}
