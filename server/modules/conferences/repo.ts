/**
 * knex queries of the conference lifecycle: status, publication requests, the managers of a
 * conference, and the lookups that span conferences (a user's conferences, the review queue).
 * Conference-scoped functions take conferenceId first.
 */
import type { Db, Tx } from '../../db/index';
import { lockForUpdate, toDbInstant, insertId } from '../../db/dialect';

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

/** The conference row, locked until the transaction ends (MySQL; SQLite serialises writers). */
export async function lockConference(tx: Tx, conferenceId: number): Promise<{ id: number; status: string } | undefined> {
  const row = await lockForUpdate(tx, tx('conferences').where({ id: conferenceId }).select('id', 'status')).first();
  return row ? { id: Number(row.id), status: String(row.status) } : undefined;
}

export async function conferenceStatus(db: Conn, conferenceId: number): Promise<string | null> {
  const row = await db('conferences').where({ id: conferenceId }).first('status');
  return row ? String(row.status) : null;
}

export async function setStatus(db: Conn, conferenceId: number, status: string): Promise<void> {
  await db('conferences').where({ id: conferenceId }).update({ status, updated_at: toDbInstant() });
}

export async function setCreator(db: Conn, conferenceId: number, userId: number): Promise<void> {
  await db('conferences').where({ id: conferenceId }).update({ created_by: userId });
}

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
export function pendingQueue(db: Conn) {
  return db('publication_requests as r')
    .join('website_configs as w', 'w.conference_id', 'r.conference_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .where('r.status', 'pending')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .select('r.id', 'r.conference_id', 'r.created_at', 'w.conference_name_zh', 'w.conference_name_en', 'u.email', 'u.true_name');
}

export async function primaryDomains(db: Conn, conferenceIds: number[]): Promise<Map<number, string>> {
  if (conferenceIds.length === 0) return new Map();
  const rows = await db('conference_domains').whereIn('conference_id', conferenceIds).orderBy('is_primary', 'desc').orderBy('id').select('conference_id', 'domain');
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(Number(r.conference_id))) out.set(Number(r.conference_id), r.domain);
  return out;
}

export type ManagerRow = { id: number; email: string; true_name: string; password_hash: string | null; role: string; created_at: string };

/** Users holding 'manager' or 'creator' here, one row per user and role. */
export function managerRows(db: Conn, conferenceId: number): Promise<ManagerRow[]> {
  return db('conference_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where('r.conference_id', conferenceId)
    .whereIn('r.role', ['manager', 'creator'])
    .orderBy('r.created_at')
    .orderBy('u.id')
    .select('u.id', 'u.email', 'u.true_name', 'u.password_hash', 'r.role', 'r.created_at');
}

export async function rolesOf(db: Conn, conferenceId: number, userId: number): Promise<string[]> {
  const rows = await db('conference_roles').where({ conference_id: conferenceId, user_id: userId }).select('role');
  return rows.map((r: { role: string }) => r.role);
}

export async function countRole(db: Conn, conferenceId: number, role: string): Promise<number> {
  const row = await db('conference_roles').where({ conference_id: conferenceId, role }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function removeRole(db: Conn, conferenceId: number, userId: number, role: string): Promise<number> {
  return db('conference_roles').where({ conference_id: conferenceId, user_id: userId, role }).delete();
}

/** Conferences where the user is a manager or the creator, any status, newest first. */
export function conferencesManagedBy(db: Conn, userId: number) {
  return db('conferences as c')
    .join('website_configs as w', 'w.conference_id', 'c.id')
    .whereIn('c.id', db('conference_roles').where('user_id', userId).whereIn('role', ['manager', 'creator']).select('conference_id'))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .select('c.id', 'c.status', 'w.conference_name_zh', 'w.conference_name_en', 'w.short_title_zh', 'w.short_title_en');
}

export async function conferencesCreatedBy(db: Conn, userId: number): Promise<number[]> {
  const rows = await db('conference_roles').where({ user_id: userId, role: 'creator' }).select('conference_id');
  return rows.map((r: { conference_id: number }) => Number(r.conference_id));
}

export async function domainTaken(db: Conn, domain: string): Promise<boolean> {
  return Boolean(await db('conference_domains').where({ domain }).first('id'));
}

export async function slugTaken(db: Conn, slug: string): Promise<boolean> {
  return Boolean(await db('conferences').where({ slug }).first('id'));
}
