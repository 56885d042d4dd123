/**
 * The erasures (migration 042): `erasure_requests`, one row per account erasure, and
 * `erasure_conferences`, the conferences each touched with what stays there. Erasures are of a
 * person, across conferences: the requests have no conference; their reports to a conference's
 * managers are read by conference.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, parseJson, toDbInstant } from '../../db/dialect';
import type { ConferenceErasureView, ErasureView } from '../../contract/privacy';

type Conn = Db | Tx;

export type ErasureRow = {
  id: number;
  user_id: number;
  origin: 'self' | 'admin';
  requested_by: number;
  email: string | null;
  name: string | null;
  state: 'erasing' | 'done';
  step: string | null;
  changed: number;
  note: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
};

/** A conference an erasure touched, with what stays there (JSON: { orders: 2, receipts: 1 }). */
export type ErasureConferenceRow = {
  conference_id: number;
  erasure_id: number;
  kept: string | null;
  created_at: string;
};

const iso = (v: string | Date | null) => (v instanceof Date ? v : fromDbInstant(v))?.toISOString() ?? null;

export function present(row: ErasureRow): ErasureView {
  return {
    id: Number(row.id),
    state: row.state,
    origin: row.origin,
    userId: Number(row.user_id),
    createdAt: iso(row.created_at) ?? '',
    finishedAt: iso(row.finished_at),
    changed: Number(row.changed),
  };
}

export async function insert(
  tx: Tx,
  row: {
    user_id: number;
    origin: 'self' | 'admin';
    requested_by: number;
    email: string;
    name: string;
    note: string;
    step: string | null;
  },
): Promise<number> {
  return insertId(
    tx('erasure_requests').insert({ ...row, state: 'erasing', changed: 0, created_at: toDbInstant() }, ['id']),
  );
}

export async function find(db: Conn, id: number): Promise<ErasureRow | undefined> {
  return db('erasure_requests').where({ id }).first();
}

/** The person's erasure under way or done, newest first. */
export async function latestOfUser(db: Conn, userId: number): Promise<ErasureRow | undefined> {
  return db('erasure_requests').where({ user_id: userId }).orderBy('id', 'desc').first();
}

export async function unfinished(db: Conn, limit: number): Promise<ErasureRow[]> {
  return db('erasure_requests').where({ state: 'erasing' }).orderBy('id').limit(limit);
}

export async function recent(db: Conn, limit: number): Promise<ErasureRow[]> {
  return db('erasure_requests').orderBy('id', 'desc').limit(limit);
}

/** Moves the erasure to its next part (by primary key). */
export async function setStep(db: Conn, id: number, step: string): Promise<void> {
  await db('erasure_requests').where({ id }).update({ step });
}

export async function addChanged(db: Conn, id: number, n: number): Promise<void> {
  if (n > 0) await db('erasure_requests').where({ id }).increment('changed', n);
}

/** The end: the person's e-mail and name, kept only to find their rows, go too. */
export async function finish(db: Conn, id: number): Promise<void> {
  await db('erasure_requests')
    .where({ id })
    .update({ state: 'done', step: null, email: null, name: null, finished_at: toDbInstant() });
}

/**
 * Notes that the erasure touched a conference, adding what stays there to what earlier batches
 * kept. Inside the batch's transaction: the managers' record commits with the change.
 */
export async function noteConference(
  tx: Tx,
  erasureId: number,
  conferenceId: number,
  kept: Record<string, number> = {},
): Promise<void> {
  const row = await tx('erasure_conferences').where({ conference_id: conferenceId, erasure_id: erasureId }).first();
  if (!row) {
    await tx('erasure_conferences').insert({
      conference_id: conferenceId,
      erasure_id: erasureId,
      kept: JSON.stringify(kept),
      created_at: toDbInstant(),
    });
    return;
  }
  if (!Object.keys(kept).length) return;
  const sum = { ...parseJson<Record<string, number>>(row.kept, {}) };
  for (const [k, n] of Object.entries(kept)) sum[k] = (sum[k] ?? 0) + n;
  await tx('erasure_conferences')
    .where({ conference_id: conferenceId, erasure_id: erasureId })
    .update({ kept: JSON.stringify(sum) });
}

/** The erasures that touched a conference, newest first (its managers' log). */
export async function ofConference(db: Conn, conferenceId: number, limit: number): Promise<ConferenceErasureView[]> {
  const rows = (await db('erasure_conferences as c')
    .join('erasure_requests as r', 'r.id', 'c.erasure_id')
    .where('c.conference_id', conferenceId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .select('r.id', 'r.user_id', 'r.origin', 'r.state', 'r.created_at', 'r.finished_at', 'c.kept')) as Array<
    ErasureRow & { kept: string | null }
  >;
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    origin: r.origin,
    state: r.state,
    at: iso(r.finished_at ?? r.created_at) ?? '',
    kept: parseJson<Record<string, number>>(r.kept, {}),
  }));
}

/** How many conferences each erasure touched so far. */
export async function conferenceCount(db: Conn, erasureId: number): Promise<number> {
  const row = (await db('erasure_conferences').where({ erasure_id: erasureId }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
