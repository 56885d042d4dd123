/**
 * The check-in tables (migration 043): `checkin_desks`, `checkins` (one row per checked-in
 * registrant: its primary key is what lets only one of many simultaneous scans win) and
 * `checkin_attempts` (every scan and undo). Every query takes the conference first.
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import { isMysql } from '../../db/index';

type Conn = Db | Tx;

export type DeskRow = { id: number; conference_id: number; name: string; retired_at: string | null; created_at: string };
export type CheckinRow = { conference_id: number; registrant_id: number; user_id: number; attempt_id: number; desk_id: number | null; staff_id: number; checked_in_at: string };
export type AttemptOutcome = 'pending' | 'checkedIn' | 'already' | 'superseded' | 'stale' | 'undone';
export type AttemptRow = { id: number; conference_id: number; registrant_id: number; desk_id: number | null; staff_id: number; scanned_at: string; received_at: string; outcome: AttemptOutcome; offline: number | boolean; client_ref: string | null };

/** A locking read that shares (SELECT ... LOCK IN SHARE MODE): it sees the latest commit, and takes no lock a sibling scan also holds exclusively. */
function shared<T extends Knex.QueryBuilder>(db: Conn, qb: T): T {
  return isMysql(db as Db) ? (qb.forShare() as T) : qb;
}

// ── desks ──────────────────────────────────────────────────────────────────────────────

export function listDesks(db: Conn, conferenceId: number): Promise<DeskRow[]> {
  return db<DeskRow>('checkin_desks').where({ conference_id: conferenceId }).orderBy('id');
}

export function findDesk(db: Conn, conferenceId: number, id: number): Promise<DeskRow | undefined> {
  return db<DeskRow>('checkin_desks').where({ conference_id: conferenceId, id }).first();
}

export function insertDesk(db: Conn, conferenceId: number, name: string): Promise<number> {
  return insertId(db('checkin_desks').insert({ conference_id: conferenceId, name, created_at: toDbInstant() }));
}

export function updateDesk(db: Conn, conferenceId: number, id: number, values: Partial<Pick<DeskRow, 'name' | 'retired_at'>>): Promise<number> {
  return db('checkin_desks').where({ conference_id: conferenceId, id }).update(values);
}

// ── attempts and check-ins ─────────────────────────────────────────────────────────────

export function insertAttempt(tx: Conn, row: Omit<AttemptRow, 'id'>): Promise<number> {
  return insertId(tx('checkin_attempts').insert(row));
}

export function setOutcome(tx: Conn, conferenceId: number, id: number, outcome: AttemptOutcome): Promise<number> {
  return tx('checkin_attempts').where({ conference_id: conferenceId, id }).update({ outcome });
}

export function attemptByRef(db: Conn, conferenceId: number, clientRef: string): Promise<AttemptRow | undefined> {
  return db<AttemptRow>('checkin_attempts').where({ conference_id: conferenceId, client_ref: clientRef }).first();
}

/** The latest undo of a registrant's check-in (an offline scan made before it does not check them in again). */
export async function lastUndoAt(db: Conn, conferenceId: number, registrantId: number): Promise<string | null> {
  const row = await db('checkin_attempts').where({ conference_id: conferenceId, registrant_id: registrantId, outcome: 'undone' }).max({ at: 'received_at' }).first();
  return (row?.at as string | null | undefined) ?? null;
}

/**
 * Takes the registrant's check-in for this attempt if nobody has it: one INSERT that the primary
 * key lets succeed once (INSERT IGNORE / INSERT OR IGNORE), then the row as it now is, read with
 * a shared lock so it is the committed winner's whatever the snapshot.
 */
export async function takeCheckin(tx: Tx, row: CheckinRow): Promise<CheckinRow> {
  await tx('checkins').insert(row).onConflict(['conference_id', 'registrant_id']).ignore();
  const now = (await shared(tx, tx<CheckinRow>('checkins').where({ conference_id: row.conference_id, registrant_id: row.registrant_id })).first()) as CheckinRow | undefined;
  if (!now) throw new Error('check-in row missing after insert');
  return now;
}

/** An earlier scan (queued offline) takes the check-in from a later one. */
export function replaceCheckin(tx: Tx, conferenceId: number, registrantId: number, values: Pick<CheckinRow, 'attempt_id' | 'desk_id' | 'staff_id' | 'checked_in_at'>): Promise<number> {
  return tx('checkins').where({ conference_id: conferenceId, registrant_id: registrantId }).update(values);
}

export function deleteCheckin(tx: Tx, conferenceId: number, registrantId: number): Promise<number> {
  return tx('checkins').where({ conference_id: conferenceId, registrant_id: registrantId }).delete();
}

export function checkinOf(db: Conn, conferenceId: number, registrantId: number): Promise<CheckinRow | undefined> {
  return db<CheckinRow>('checkins').where({ conference_id: conferenceId, registrant_id: registrantId }).first();
}

export async function hasCheckedIn(db: Conn, conferenceId: number, userId: number): Promise<boolean> {
  return Boolean(await db('checkins').where({ conference_id: conferenceId, user_id: userId }).first('registrant_id'));
}

// ── counts and the attendance list ─────────────────────────────────────────────────────

export async function countCheckins(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('checkins').where({ conference_id: conferenceId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Check-ins per UTC quarter hour ('YYYY-MM-DD HH:MM', MM one of 00 15 30 45), counted by the
 * database. Every time zone in use is a whole number of quarter hours from UTC (Kolkata +05:30,
 * Kathmandu +05:45), so each slot lies inside one local hour; the service sums them by it.
 */
export async function checkinsPerUtcQuarter(db: Db, conferenceId: number): Promise<Array<{ slot: string; n: number }>> {
  const slot = isMysql(db)
    ? "concat(date_format(checked_in_at, '%Y-%m-%d %H:'), lpad(floor(minute(checked_in_at) / 15) * 15, 2, '0'))"
    : "substr(checked_in_at, 1, 14) || printf('%02d', (cast(substr(checked_in_at, 15, 2) as integer) / 15) * 15)";
  const rows = (await db('checkins').where({ conference_id: conferenceId }).select(db.raw(`${slot} as slot`)).count({ n: '*' }).groupByRaw(slot).orderBy('slot')) as Array<{ slot: string; n: number | string }>;
  return rows.map((r) => ({ slot: String(r.slot), n: Number(r.n) }));
}

/** registrants (a search's), and check-ins from `from` (included) to `to` (excluded) */
type AttendanceFilter = { registrantIds?: number[]; from?: Date; to?: Date };

function attendance(db: Conn, conferenceId: number, f: AttendanceFilter) {
  const q = db('checkins').where({ conference_id: conferenceId });
  if (f.registrantIds) q.whereIn('registrant_id', f.registrantIds.length ? f.registrantIds : [0]);
  if (f.from) q.where('checked_in_at', '>=', toDbInstant(f.from));
  if (f.to) q.where('checked_in_at', '<', toDbInstant(f.to));
  return q;
}

export async function attendancePage(db: Conn, conferenceId: number, f: AttendanceFilter, page: number, size: number): Promise<{ rows: CheckinRow[]; total: number }> {
  const total = Number(((await attendance(db, conferenceId, f).count({ n: '*' }).first()) as { n: number | string } | undefined)?.n ?? 0);
  const rows = (await attendance(db, conferenceId, f).orderBy('checked_in_at', 'desc').orderBy('registrant_id').limit(size).offset((page - 1) * size)) as CheckinRow[];
  return { rows, total };
}

/** Every check-in of the filter, oldest first, a slice at a time (the Excel export). */
export function attendanceSlice(db: Conn, conferenceId: number, f: AttendanceFilter, afterAt: string, afterId: number, size: number): Promise<CheckinRow[]> {
  return attendance(db, conferenceId, f)
    .andWhere((w) => w.where('checked_in_at', '>', afterAt).orWhere((x) => x.where('checked_in_at', afterAt).andWhere('registrant_id', '>', afterId)))
    .orderBy('checked_in_at')
    .orderBy('registrant_id')
    .limit(size) as unknown as Promise<CheckinRow[]>;
}

/** How many attempts each registrant's check-in took (scans after the first, late syncs), for the list. */
export async function attemptCounts(db: Conn, conferenceId: number, registrantIds: number[]): Promise<Map<number, number>> {
  if (!registrantIds.length) return new Map();
  const rows = (await db('checkin_attempts').where({ conference_id: conferenceId }).whereIn('registrant_id', registrantIds).whereNot('outcome', 'undone').select('registrant_id').count({ n: '*' }).groupBy('registrant_id')) as Array<{ registrant_id: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.registrant_id), Number(r.n)]));
}

/** The export's fingerprint: how many check-ins and attempts, and the latest of each. */
export async function attendanceVersion(db: Conn, conferenceId: number): Promise<string> {
  const a = await db('checkin_attempts').where({ conference_id: conferenceId }).count({ n: '*' }).max({ last: 'id' }).first();
  const c = await db('checkins').where({ conference_id: conferenceId }).count({ n: '*' }).max({ last: 'checked_in_at' }).first();
  return `${a?.n}:${a?.last}:${c?.n}:${c?.last}`;
}
