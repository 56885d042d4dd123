/**
 * Queries of the registrants: the people registered, their search and lists, the managers'
 * overview and the desk's lookups. Every function takes the conference first. The module owns
 * (server/db/owners.ts) `registration_settings`, `registration_forms` (settingsRepo.ts),
 * `registrants`, `registrant_files` (fileLinksRepo.ts) and `download_tokens` (downloadTokenRepo.ts);
 * the uploads, the people and the conference record it reads through their owners (files,
 * accounts, sites/conferenceRecordRepo.ts).
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { concatSql, fromDbInstant, insertId, LIKE_ESCAPE, likeContains, toDbInstant } from '../../db/dialect';

import { localDaySql, num, whereLocalDays, type Counted } from '../../platform/overviewFigures';
import { NO_COUNTRY } from '../../contract/registration';
import { readByIdChunks } from '../../db/idChunks';

export type Conn = Db | Tx;

/** A registrant as the table stores it (tables.ts); `RegistrantRow` is how it leaves here. */
export type StoredRegistrantRow = {
  id: number;
  conference_id: number;
  user_id: number;
  version: string;
  seq: number;
  code: string;
  email: string;
  full_name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
  country: string;
  unit: string;
  answers: string;
  added_by: number | null;
  created_at: string;
  updated_at: string;
};

/** A registrant as the feature reads it: its instants as `Date`. */
export type RegistrantRow = Omit<StoredRegistrantRow, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};

export const cleanRegistrant = (r: StoredRegistrantRow): RegistrantRow => ({
  ...r,
  created_at: fromDbInstant(r.created_at)!,
  updated_at: fromDbInstant(r.updated_at)!,
});
const one = (r: StoredRegistrantRow | undefined) => r && cleanRegistrant(r);

// ── registrants ───────────────────────────────────────────────────────────────────────

export async function countRegistrants(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('registrants')
    .where({ conference_id: conferenceId })
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export async function countByVersion(db: Conn, conferenceId: number): Promise<Map<string, number>> {
  const rows = await db('registrants')
    .where({ conference_id: conferenceId })
    .select('version')
    .count<{ version: string; n: number | string }[]>({ n: '*' })
    .groupBy('version');
  return new Map(rows.map((r) => [r.version, Number(r.n)]));
}

/** The stored answers (JSON) of the registrants of one form version. */
export function answersOfVersion(db: Conn, conferenceId: number, version: string): Promise<string[]> {
  return db('registrants').where({ conference_id: conferenceId, version }).pluck('answers');
}

export async function findRegistrant(db: Conn, conferenceId: number, id: number): Promise<RegistrantRow | undefined> {
  return one(await db('registrants').where({ conference_id: conferenceId, id }).first());
}

export async function findRegistrantByUser(
  db: Conn,
  conferenceId: number,
  userId: number,
): Promise<RegistrantRow | undefined> {
  return one(await db('registrants').where({ conference_id: conferenceId, user_id: userId }).first());
}

export async function findRegistrantByEmail(
  db: Conn,
  conferenceId: number,
  email: string,
): Promise<RegistrantRow | undefined> {
  return one(await db('registrants').where({ conference_id: conferenceId, email }).first());
}

export async function registrantsByIds(db: Conn, conferenceId: number, ids: number[]): Promise<RegistrantRow[]> {
  const rows = await readByIdChunks(ids, (slice) =>
    db('registrants').where({ conference_id: conferenceId }).whereIn('id', slice).orderBy('id'),
  );
  return rows.map(cleanRegistrant);
}

export async function insertRegistrant(
  db: Conn,
  conferenceId: number,
  row: Omit<StoredRegistrantRow, 'id' | 'conference_id' | 'created_at' | 'updated_at'>,
): Promise<number> {
  const now = toDbInstant();
  return insertId(db('registrants').insert({ ...row, conference_id: conferenceId, created_at: now, updated_at: now }));
}

export async function updateRegistrant(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Partial<StoredRegistrantRow>,
): Promise<void> {
  await db('registrants')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

export async function deleteRegistrant(db: Conn, conferenceId: number, id: number): Promise<void> {
  await db('registrants').where({ conference_id: conferenceId, id }).delete();
}

export type RegistrantQuery = {
  name?: string;
  email?: string;
  country?: string;
  unit?: string;
  from?: string;
  to?: string;
  version?: string;
  page: number;
  size: number;
  /** the conference's zone ahead of UTC, for the days (platform/listAddress zoneOffsetOf) */
  offsetMinutes?: number;
};

/**
 * Where the search keyword is looked for: the name however the registrant gave it — a full name,
 * or first and last name joined either way round, with a space ("John Smith", "Smith John") or
 * without (a Chinese name kept as last 张 first 三 is typed "张三") — the registration code and
 * the organisation. Each joined pair also finds the first or last name alone.
 */
function keywordTargets(db: Conn): string[] {
  const joined = (a: string, b: string) => [concatSql(db, a, "' '", b), concatSql(db, a, b)];
  return [
    'full_name',
    'middle_name',
    ...joined('first_name', 'last_name'),
    ...joined('last_name', 'first_name'),
    'code',
    'unit',
  ];
}

function filtered(db: Conn, conferenceId: number, q: Omit<RegistrantQuery, 'page' | 'size'>): Knex.QueryBuilder {
  const query = db('registrants').where({ conference_id: conferenceId });
  if (q.email) query.andWhereRaw(`email like ? ${LIKE_ESCAPE}`, [likeContains(q.email.toLowerCase())]);
  if (q.name) {
    const like = likeContains(q.name);
    query.andWhere((w) => {
      for (const expr of keywordTargets(db)) w.orWhereRaw(`${expr} like ? ${LIKE_ESCAPE}`, [like]);
    });
  }
  // the overview's counts (registrationFigures): the same columns, compared the same way
  if (q.country) query.andWhere('country', q.country === NO_COUNTRY ? '' : q.country);
  if (q.unit) query.andWhere('unit', q.unit);
  if (q.version) query.andWhere('version', q.version);
  if (q.from || q.to) whereLocalDays(query, 'created_at', q, q.offsetMinutes ?? 0);
  return query;
}

export async function queryRegistrants(
  db: Conn,
  conferenceId: number,
  q: RegistrantQuery,
): Promise<{ rows: RegistrantRow[]; total: number }> {
  const countRow = await filtered(db, conferenceId, q).count<{ n: number | string }[]>({ n: '*' }).first();
  const rows = await filtered(db, conferenceId, q)
    .select('*')
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { rows: (rows as StoredRegistrantRow[]).map(cleanRegistrant), total: Number(countRow?.n ?? 0) };
}

export async function allRegistrantIds(
  db: Conn,
  conferenceId: number,
  q: Omit<RegistrantQuery, 'page' | 'size'>,
): Promise<number[]> {
  const rows = await filtered(db, conferenceId, q).select('id').orderBy('id');
  return rows.map((r: { id: number }) => Number(r.id));
}

/** The countries or regions registrants gave (the list's country filter offers these). */
export async function countriesGiven(db: Conn, conferenceId: number): Promise<string[]> {
  return (
    await db('registrants')
      .where({ conference_id: conferenceId })
      .whereNot('country', '')
      .distinct('country')
      .orderBy('country')
  ).map((r: { country: string }) => r.country);
}

/** Of these (lower-case) e-mails, those of registrants who registered themselves (not added by a manager). */
export function selfRegisteredEmails(db: Conn, conferenceId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return Promise.resolve([]);
  return db('registrants')
    .where({ conference_id: conferenceId })
    .whereNull('added_by')
    .whereIn('email', emails)
    .pluck('email');
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/** Registrants per local day, by form version, by country and by unit (the `top` largest; the rest in `others`). */
export async function registrationFigures(db: Conn, conferenceId: number, offsetMinutes: number, top = 20) {
  const base = () => db('registrants').where({ conference_id: conferenceId });
  const grouped = async (column: string, limit?: number): Promise<Counted[]> => {
    const q = base()
      .select({ key: column })
      .count<Array<{ key: string; n: number | string }>>({ n: '*' })
      .groupBy(column)
      .orderBy([
        { column: 'n', order: 'desc' },
        { column, order: 'asc' },
      ]);
    if (column === 'unit') q.whereNot('unit', '');
    if (limit) q.limit(limit);
    return (await q).map((r) => ({ key: r.key, n: num(r.n) }));
  };
  const day = localDaySql(db, 'created_at', offsetMinutes);
  const perDay = (
    await base()
      .select({ day })
      .count<Array<{ day: string; n: number | string }>>({ n: '*' })
      .groupBy('day')
      .orderBy('day')
  ).map((r) => ({ day: r.day, n: num(r.n) }));
  const byVersion = await grouped('version');
  const byCountry = await grouped('country', top);
  const byUnit = await grouped('unit', top);
  const withUnit = num((await base().whereNot('unit', '').count<Array<{ n: number | string }>>({ n: '*' }).first())?.n);
  return { perDay, byVersion, byCountry, byUnit, withUnit };
}

/** The registrant with exactly this code (what a badge's or ticket's QR encodes). */
export async function registrantWithCode(
  db: Conn,
  conferenceId: number,
  code: string,
): Promise<RegistrantRow | undefined> {
  return one(await db('registrants').where({ conference_id: conferenceId, code }).first());
}

/** The registrant whose code is this one in any letter case. */
export async function registrantWithCodeAnyCase(
  db: Conn,
  conferenceId: number,
  code: string,
): Promise<RegistrantRow | undefined> {
  return one(
    await db('registrants')
      .where({ conference_id: conferenceId })
      .whereRaw('upper(code) = ?', [code.toUpperCase()])
      .first(),
  );
}

/** How many rows and their last change, as one stamp. */
export type Stamp = { n: number; last: string | number | null };

/** What an export of these registrants shows, stamped: the registrants, their files, the forms. */
export async function selectionStamps(
  db: Conn,
  conferenceId: number,
  ids: number[],
): Promise<{ people: Stamp; files: Stamp; forms: Stamp }> {
  type Raw = { n: number | string; last: string | number | null } | undefined;
  const stamp = (raw: Raw): Stamp => ({ n: Number(raw?.n ?? 0), last: raw?.last ?? null });
  // a selection is counted a slice of ids at a time (db/idChunks.ts): the slices' counts added, their latest kept
  const overSlices = async (counted: (slice: number[]) => Knex.QueryBuilder): Promise<Stamp> =>
    (await readByIdChunks(ids, async (slice) => [stamp((await counted(slice).first()) as Raw)])).reduce<Stamp>(
      (sum, s) => ({
        n: sum.n + s.n,
        last: s.last != null && (sum.last == null || s.last > sum.last) ? s.last : sum.last,
      }),
      { n: 0, last: null },
    );
  const people = await overSlices((slice) =>
    db('registrants')
      .where({ conference_id: conferenceId })
      .whereIn('id', slice)
      .count({ n: '*' })
      .max({ last: 'updated_at' }),
  );
  const files = await overSlices((slice) =>
    db('registrant_files')
      .where({ conference_id: conferenceId })
      .whereIn('registrant_id', slice)
      .count({ n: '*' })
      .max({ last: 'file_id' }),
  );
  const forms = (await db('registration_forms')
    .where({ conference_id: conferenceId })
    .count({ n: '*' })
    .max({ last: 'updated_at' })
    .first()) as Raw;
  return { people, files, forms: stamp(forms) };
}
