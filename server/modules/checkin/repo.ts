/**
 * The check-in tables (migration 043): `checkin_desks`, `checkins` (one row per checked-in
 * registrant: its primary key is what lets only one of many simultaneous scans win) and
 * `checkin_attempts` (every scan and undo). Every query takes the conference first.
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, toDbInstant } from '../../db/dialect';
import { isMysql } from '../../db/index';

type Conn = Db | Tx;

export type DeskRow = {
  id: number;
  conference_id: number;
  name: string;
  retired_at: string | null;
  created_at: string;
};
export type CheckinRow = {
  conference_id: number;
  registrant_id: number;
  user_id: number;
  attempt_id: number;
  desk_id: number | null;
  staff_id: number;
  checked_in_at: string;
};
/** A check-in as the repository hands it out: the instant as a `Date`. */
export type Checkin = Omit<CheckinRow, 'checked_in_at'> & { checked_in_at: Date };
export type AttemptOutcome = 'pending' | 'checkedIn' | 'already' | 'superseded' | 'stale' | 'undone';
export type AttemptRow = {
  id: number;
  conference_id: number;
  registrant_id: number;
  desk_id: number | null;
  staff_id: number;
  scanned_at: string;
  received_at: string;
  outcome: AttemptOutcome;
  offline: number | boolean;
  client_ref: string | null;
};

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

export function updateDesk(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Partial<Pick<DeskRow, 'name' | 'retired_at'>>,
): Promise<number> {
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
export async function lastUndoAt(db: Conn, conferenceId: number, registrantId: number): Promise<Date | null> {
  const row = await db('checkin_attempts')
    .where({ conference_id: conferenceId, registrant_id: registrantId, outcome: 'undone' })
    .max({ at: 'received_at' })
    .first();
  return fromDbInstant(row?.at);
}

function checkinOfRow(row: CheckinRow): Checkin {
  return { ...row, checked_in_at: fromDbInstant(row.checked_in_at)! };
}

/**
 * Takes the registrant's check-in for this attempt if nobody has it: one INSERT that the primary
 * key lets succeed once (INSERT IGNORE / INSERT OR IGNORE), then the row as it now is, read with
 * a shared lock so it is the committed winner's whatever the snapshot.
 */
export async function takeCheckin(tx: Tx, checkin: Checkin): Promise<Checkin> {
  await tx('checkins')
    .insert({ ...checkin, checked_in_at: toDbInstant(checkin.checked_in_at) })
    .onConflict(['conference_id', 'registrant_id'])
    .ignore();
  const now: CheckinRow | undefined = await shared(
    tx,
    tx('checkins').where({ conference_id: checkin.conference_id, registrant_id: checkin.registrant_id }),
  ).first();
  if (!now) throw new Error('check-in row missing after insert');
  return checkinOfRow(now);
}

/** An earlier scan (queued offline) takes the check-in from a later one. */
export function replaceCheckin(
  tx: Tx,
  conferenceId: number,
  registrantId: number,
  values: Pick<Checkin, 'attempt_id' | 'desk_id' | 'staff_id' | 'checked_in_at'>,
): Promise<number> {
  return tx('checkins')
    .where({ conference_id: conferenceId, registrant_id: registrantId })
    .update({ ...values, checked_in_at: toDbInstant(values.checked_in_at) });
}

export function deleteCheckin(tx: Tx, conferenceId: number, registrantId: number): Promise<number> {
  return tx('checkins').where({ conference_id: conferenceId, registrant_id: registrantId }).delete();
}

export async function checkinOf(db: Conn, conferenceId: number, registrantId: number): Promise<Checkin | undefined> {
  const row = await db('checkins').where({ conference_id: conferenceId, registrant_id: registrantId }).first();
  return row && checkinOfRow(row);
}

export async function hasCheckedIn(db: Conn, conferenceId: number, userId: number): Promise<boolean> {
  return Boolean(await db('checkins').where({ conference_id: conferenceId, user_id: userId }).first('registrant_id'));
}

// ── counts and the attendance list ─────────────────────────────────────────────────────

export async function countCheckins(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('checkins')
    .where({ conference_id: conferenceId })
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
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
  const rows = await db('checkins')
    .where({ conference_id: conferenceId })
    .select(db.raw(`${slot} as slot`))
    .count<Array<{ slot: string; n: number | string }>>({ n: '*' })
    .groupByRaw(slot)
    .orderBy('slot');
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

export async function attendancePage(
  db: Conn,
  conferenceId: number,
  f: AttendanceFilter,
  page: number,
  size: number,
): Promise<{ rows: Checkin[]; total: number }> {
  const counted = await attendance(db, conferenceId, f).count<{ n: number | string }[]>({ n: '*' }).first();
  const rows = await attendance(db, conferenceId, f)
    .orderBy('checked_in_at', 'desc')
    .orderBy('registrant_id')
    .limit(size)
    .offset((page - 1) * size);
  return { rows: rows.map(checkinOfRow), total: Number(counted?.n ?? 0) };
}

/** Every check-in of the filter, oldest first, a slice at a time (the Excel export); `after` null: from the first. */
export async function attendanceSlice(
  db: Conn,
  conferenceId: number,
  f: AttendanceFilter,
  after: { at: Date; registrantId: number } | null,
  size: number,
): Promise<Checkin[]> {
  const afterAt = after ? toDbInstant(after.at) : '';
  const afterId = after?.registrantId ?? 0;
  const rows = await attendance(db, conferenceId, f)
    .andWhere((w) =>
      w
        .where('checked_in_at', '>', afterAt)
        .orWhere((x) => x.where('checked_in_at', afterAt).andWhere('registrant_id', '>', afterId)),
    )
    .orderBy('checked_in_at')
    .orderBy('registrant_id')
    .limit(size);
  return rows.map(checkinOfRow);
}

/** How many attempts each registrant's check-in took (scans after the first, late syncs), for the list. */
export async function attemptCounts(
  db: Conn,
  conferenceId: number,
  registrantIds: number[],
): Promise<Map<number, number>> {
  if (!registrantIds.length) return new Map();
  const rows: Array<{ registrant_id: number; n: number | string }> = await db('checkin_attempts')
    .where({ conference_id: conferenceId })
    .whereIn('registrant_id', registrantIds)
    .whereNot('outcome', 'undone')
    .select('registrant_id')
    .count({ n: '*' })
    .groupBy('registrant_id');
  return new Map(rows.map((r) => [r.registrant_id, Number(r.n)]));
}

/** The export's fingerprint: how many check-ins and attempts, and the latest of each. */
export async function attendanceVersion(db: Conn, conferenceId: number): Promise<string> {
  const a = await db('checkin_attempts')
    .where({ conference_id: conferenceId })
    .count({ n: '*' })
    .max({ last: 'id' })
    .first();
  const c = await db('checkins')
    .where({ conference_id: conferenceId })
    .count({ n: '*' })
    .max({ last: 'checked_in_at' })
    .first();
  return `${a?.n}:${a?.last}:${c?.n}:${c?.last}`;
}
