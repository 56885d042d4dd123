/** The `work_items` table (migration 035): the platform's heavy work, one row per export or import. */
import type { Db } from '../../db/index';
import { fromDbInstant, insertId, parseJson, toDbInstant } from '../../db/dialect';
import type { WorkState, WorkView } from '../../contract/work';

export type WorkRow = {
  id: number;
  /** NULL for a person's own work (conference 0 in the service) */
  conference_id: number | null;
  kind: string;
  work_key: string;
  params: string;
  lang: string;
  time_zone: string;
  user_id: number;
  state: WorkState;
  done: number;
  total: number;
  stage: string;
  version: string | null;
  attempts: number;
  holder: string | null;
  heartbeat_at: string | Date | null;
  file_name: string | null;
  file_type: string | null;
  stored_name: string | null;
  summary: string | null;
  error: string | null;
  error_params: string | null;
  created_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
};

const T = 'work_items';

/**
 * The rows of a conference; conference 0 stands for a person's own work (their export), which
 * belongs to no conference: its rows have a NULL conference_id.
 */
const ofConference = (conferenceId: number) =>
  conferenceId === 0 ? { conference_id: null } : { conference_id: conferenceId };

const instant = (v: string | Date | null) => (v instanceof Date ? v : fromDbInstant(v));

export function present(row: WorkRow, position: number): WorkView {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    done: Number(row.done),
    total: Number(row.total),
    stage: row.stage,
    position,
    error: row.error,
    errorParams: parseJson<Record<string, string> | null>(row.error_params, null),
    fileName: row.state === 'done' ? row.file_name : null,
    summary: row.state === 'done' ? parseJson<unknown>(row.summary, null) : null,
    createdAt: instant(row.created_at)?.toISOString() ?? '',
    finishedAt: instant(row.finished_at)?.toISOString() ?? null,
  };
}

export async function find(db: Db, conferenceId: number, id: number): Promise<WorkRow | undefined> {
  return (await db(T)
    .where({ ...ofConference(conferenceId), id })
    .first()) as WorkRow | undefined;
}

/** The newest row asked for with this key (the same kind, parameters and language). */
export async function latestOfKey(db: Db, conferenceId: number, key: string): Promise<WorkRow | undefined> {
  return (await db(T)
    .where({ ...ofConference(conferenceId), work_key: key })
    .orderBy('id', 'desc')
    .first()) as WorkRow | undefined;
}

/** Queued or running rows of a conference: its share of the queue. */
export async function pendingCount(db: Db, conferenceId: number): Promise<number> {
  const row = (await db(T)
    .where(ofConference(conferenceId))
    .whereIn('state', ['queued', 'running'])
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function insert(
  db: Db,
  row: Omit<
    WorkRow,
    | 'conference_id'
    | 'id'
    | 'done'
    | 'total'
    | 'stage'
    | 'attempts'
    | 'holder'
    | 'heartbeat_at'
    | 'file_name'
    | 'file_type'
    | 'stored_name'
    | 'summary'
    | 'error'
    | 'error_params'
    | 'started_at'
    | 'finished_at'
  > & { conference_id: number },
): Promise<number> {
  return insertId(db(T).insert({ ...row, ...ofConference(row.conference_id) }, ['id']));
}

/** How many queued rows start before this one (older, of any conference). */
export async function positionOf(db: Db, row: WorkRow): Promise<number> {
  if (row.state !== 'queued') return 0;
  const found = (await db(T).where({ state: 'queued' }).andWhere('id', '<', row.id).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(found?.n ?? 0);
}

export async function recentOfConference(db: Db, conferenceId: number, limit: number): Promise<WorkRow[]> {
  return (await db(T).where(ofConference(conferenceId)).orderBy('id', 'desc').limit(limit)) as WorkRow[];
}

/** A person's own work (conference 0) of one kind that is queued or running: one at a time per person. */
export async function pendingOfPerson(db: Db, userId: number, kind: string): Promise<number> {
  const row = (await db(T)
    .whereNull('conference_id')
    .where({ user_id: userId, kind })
    .whereIn('state', ['queued', 'running'])
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** A person's newest own work of a kind. */
export async function latestOfPerson(db: Db, userId: number, kind: string): Promise<WorkRow | undefined> {
  return (await db(T).whereNull('conference_id').where({ user_id: userId, kind }).orderBy('id', 'desc').first()) as
    WorkRow | undefined;
}

/** A person's own work of any kind, all states (their erasure forgets it with its files). */
export async function ofPerson(db: Db, userId: number): Promise<WorkRow[]> {
  return (await db(T).whereNull('conference_id').where({ user_id: userId })) as WorkRow[];
}

// ── the runner's side ────────────────────────────────────────────────────────────────────────

/** The oldest queued rows, for the runner to choose from. */
export async function queued(db: Db, limit: number): Promise<WorkRow[]> {
  return (await db(T).where({ state: 'queued' }).orderBy('id').limit(limit)) as WorkRow[];
}

/** Running rows per conference, across instances. */
export async function runningPerConference(db: Db): Promise<Map<number, number>> {
  const rows = (await db(T)
    .where({ state: 'running' })
    .select('conference_id')
    .count({ n: '*' })
    .groupBy('conference_id')) as Array<{ conference_id: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.conference_id), Number(r.n)]));
}

/** Takes a queued row for this holder: false when another instance took it first. */
export async function claim(db: Db, id: number, holder: string, now: Date): Promise<boolean> {
  const taken = await db(T)
    .where({ id, state: 'queued' })
    .update({
      state: 'running',
      holder,
      heartbeat_at: toDbInstant(now),
      started_at: toDbInstant(now),
      attempts: db.raw('attempts + 1'),
      done: 0,
      total: 0,
      stage: 'work:stage.reading',
    });
  return taken > 0;
}

export async function beat(db: Db, holder: string, ids: number[], now: Date): Promise<void> {
  if (ids.length)
    await db(T)
      .whereIn('id', ids)
      .andWhere({ holder, state: 'running' })
      .update({ heartbeat_at: toDbInstant(now) });
}

export async function progress(
  db: Db,
  id: number,
  holder: string,
  done: number,
  total: number,
  stage: string,
): Promise<void> {
  await db(T)
    .where({ id, holder, state: 'running' })
    .update({ done, total, stage: stage.slice(0, 60) });
}

export async function finish(
  db: Db,
  id: number,
  holder: string,
  result: { file_name?: string; file_type?: string; stored_name?: string; summary?: string },
  now: Date,
): Promise<boolean> {
  const n = await db(T)
    .where({ id, holder, state: 'running' })
    .update({ ...result, state: 'done', stage: 'work:stage.done', holder: null, finished_at: toDbInstant(now) });
  return n > 0;
}

export async function fail(
  db: Db,
  id: number,
  holder: string,
  error: string,
  params: Record<string, string> | undefined,
  now: Date,
): Promise<void> {
  await db(T)
    .where({ id, holder, state: 'running' })
    .update({
      state: 'failed',
      error: error.slice(0, 100),
      error_params: params ? JSON.stringify(params) : null,
      holder: null,
      finished_at: toDbInstant(now),
    });
}

/** Hands rows back to the queue (this instance stops): another instance, or this one restarted, runs them. */
export async function release(db: Db, holder: string, ids: number[]): Promise<void> {
  if (ids.length)
    await db(T)
      .whereIn('id', ids)
      .andWhere({ holder, state: 'running' })
      .update({ state: 'queued', holder: null, heartbeat_at: null, stage: 'work:stage.waiting' });
}

/**
 * Rows whose runner stopped beating (a crash): queued again while they have attempts left,
 * failed otherwise. Answers how many were failed.
 */
export async function recoverStale(db: Db, staleBefore: Date, maxAttempts: number, now: Date): Promise<number> {
  const stale = db(T).where({ state: 'running' }).andWhere('heartbeat_at', '<', toDbInstant(staleBefore));
  // Looked for first: an UPDATE, even of no row, takes SQLite's write lock, and this runs every second.
  if (!(await stale.clone().first('id'))) return 0;
  await stale
    .clone()
    .andWhere('attempts', '<', maxAttempts)
    .update({ state: 'queued', holder: null, heartbeat_at: null, stage: 'work:stage.waiting' });
  return stale
    .clone()
    .update({ state: 'failed', error: 'work:interrupted', holder: null, finished_at: toDbInstant(now) });
}

/** Finished rows to forget: done or failed before `before`, or superseded by a newer row of their key. */
export async function expired(db: Db, before: Date, limit: number): Promise<WorkRow[]> {
  return (await db(T)
    .whereIn('state', ['done', 'failed'])
    .andWhere('finished_at', '<', toDbInstant(before))
    .orderBy('id')
    .limit(limit)) as WorkRow[];
}

export async function superseded(db: Db, limit: number): Promise<WorkRow[]> {
  return (await db(`${T} as a`)
    .whereIn('a.state', ['done', 'failed'])
    .whereExists((q) =>
      q
        .select(db.raw('1'))
        .from(`${T} as b`)
        .whereRaw('b.conference_id = a.conference_id and b.work_key = a.work_key and b.id > a.id')
        .whereIn('b.state', ['done']),
    )
    .select('a.*')
    .orderBy('a.id')
    .limit(limit)) as WorkRow[];
}

export async function remove(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db(T).whereIn('id', ids).del();
}
