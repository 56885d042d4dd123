/**
 * Queries of the registration module. Every function takes the conference first. The module owns
 * (server/db/owners.ts) `registration_settings`, `registration_forms`, `registrants`,
 * `registrant_files` and `download_tokens`; the uploads, the people and the conference record
 * it reads through their owners (files, accounts, sites/conferenceRecord.ts).
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { concatSql, insertId, LIKE_ESCAPE, likeContains, toDbInstant } from '../../db/dialect';
import type { CapacityLock } from '../../db/capacity';
import { filesByIds } from '../files/index';
import { cachedDataChanged } from '../../platform/changes';
import { localDaySql, num, whereLocalDays, type Counted } from '../../platform/overviewFigures';
import { NO_COUNTRY } from '../../contract/registration';

type Conn = Db | Tx;

export type SettingsRow = {
  conference_id: number;
  start_date: string;
  end_date: string;
  instructions_zh: string | null;
  instructions_en: string | null;
  register_rule: string;
  costs_set: number | boolean;
  code_prefix: string;
  edit_after_close: number | boolean;
  allow_withdraw: number | boolean;
  last_seq: number;
  updated_at: string;
};

export type FormRow = { id: number; conference_id: number; version: string; rules: string; created_at: string; updated_at: string };

export type RegistrantRow = {
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

export type RegistrantFileRow = { registrant_id: number; field: string; file_id: number; stored_name: string; original_name: string; size: number };

// ── settings ──────────────────────────────────────────────────────────────────────────

export async function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('registration_settings').where({ conference_id: conferenceId }).first();
}

/** Creates the settings row when missing (the row the registration transaction locks). */
export async function ensureSettings(db: Conn, conferenceId: number): Promise<void> {
  if (await findSettings(db, conferenceId)) return;
  try {
    await db('registration_settings').insert({ conference_id: conferenceId, updated_at: toDbInstant() });
  } catch {
    // Another request created it at the same moment: the row exists either way.
  }
}

/** The row the registration transaction locks (server/db/capacity.ts): the cap and the numbering. */
export function settingsLock(conferenceId: number): CapacityLock {
  return { table: 'registration_settings', where: { conference_id: conferenceId } };
}

export async function updateSettings(db: Conn, conferenceId: number, values: Partial<Omit<SettingsRow, 'conference_id'>>): Promise<void> {
  await db('registration_settings').where({ conference_id: conferenceId }).update({ ...values, updated_at: toDbInstant() });
  // The registration page keeps the settings (pageState.ts); the numbering alone is not shown there.
  if (Object.keys(values).some((key) => key !== 'last_seq')) cachedDataChanged(db, { conferenceId });
}

// ── forms ─────────────────────────────────────────────────────────────────────────────

export async function findForm(db: Conn, conferenceId: number, version: string): Promise<FormRow | undefined> {
  return db<FormRow>('registration_forms').where({ conference_id: conferenceId, version }).first();
}

export async function listForms(db: Conn, conferenceId: number): Promise<FormRow[]> {
  return db<FormRow>('registration_forms').where({ conference_id: conferenceId }).orderBy('id');
}

export async function upsertForm(db: Conn, conferenceId: number, version: string, rules: string): Promise<void> {
  const now = toDbInstant();
  const updated = await db('registration_forms').where({ conference_id: conferenceId, version }).update({ rules, updated_at: now });
  if (!updated) await db('registration_forms').insert({ conference_id: conferenceId, version, rules, created_at: now, updated_at: now });
  cachedDataChanged(db, { conferenceId });
}

export async function deleteForm(db: Conn, conferenceId: number, version: string): Promise<number> {
  const deleted = await db('registration_forms').where({ conference_id: conferenceId, version }).delete();
  cachedDataChanged(db, { conferenceId });
  return deleted;
}

// ── registrants ───────────────────────────────────────────────────────────────────────

export async function countRegistrants(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('registrants').where({ conference_id: conferenceId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function countByVersion(db: Conn, conferenceId: number): Promise<Map<string, number>> {
  const rows = await db('registrants').where({ conference_id: conferenceId }).select('version').count<{ version: string; n: number | string }[]>({ n: '*' }).groupBy('version');
  return new Map(rows.map((r) => [r.version, Number(r.n)]));
}

/** The stored answers (JSON) of the registrants of one form version. */
export function answersOfVersion(db: Conn, conferenceId: number, version: string): Promise<string[]> {
  return db('registrants').where({ conference_id: conferenceId, version }).pluck('answers');
}

export async function findRegistrant(db: Conn, conferenceId: number, id: number): Promise<RegistrantRow | undefined> {
  return db<RegistrantRow>('registrants').where({ conference_id: conferenceId, id }).first();
}

export async function findRegistrantByUser(db: Conn, conferenceId: number, userId: number): Promise<RegistrantRow | undefined> {
  return db<RegistrantRow>('registrants').where({ conference_id: conferenceId, user_id: userId }).first();
}

export async function findRegistrantByEmail(db: Conn, conferenceId: number, email: string): Promise<RegistrantRow | undefined> {
  return db<RegistrantRow>('registrants').where({ conference_id: conferenceId, email }).first();
}

export async function registrantsByIds(db: Conn, conferenceId: number, ids: number[]): Promise<RegistrantRow[]> {
  if (!ids.length) return [];
  return db<RegistrantRow>('registrants').where({ conference_id: conferenceId }).whereIn('id', ids).orderBy('id');
}

export async function insertRegistrant(db: Conn, conferenceId: number, row: Omit<RegistrantRow, 'id' | 'conference_id' | 'created_at' | 'updated_at'>): Promise<number> {
  const now = toDbInstant();
  return insertId(db('registrants').insert({ ...row, conference_id: conferenceId, created_at: now, updated_at: now }));
}

export async function updateRegistrant(db: Conn, conferenceId: number, id: number, values: Partial<RegistrantRow>): Promise<void> {
  await db('registrants').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: toDbInstant() });
}

export async function deleteRegistrant(db: Conn, conferenceId: number, id: number): Promise<void> {
  await db('registrants').where({ conference_id: conferenceId, id }).delete();
}

export type RegistrantQuery = {
  name?: string; email?: string; country?: string; unit?: string; from?: string; to?: string; version?: string; page: number; size: number;
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
  return ['full_name', 'middle_name', ...joined('first_name', 'last_name'), ...joined('last_name', 'first_name'), 'code', 'unit'];
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

export async function queryRegistrants(db: Conn, conferenceId: number, q: RegistrantQuery): Promise<{ rows: RegistrantRow[]; total: number }> {
  const countRow = await filtered(db, conferenceId, q).count<{ n: number | string }[]>({ n: '*' }).first();
  const rows = await filtered(db, conferenceId, q)
    .select('*')
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { rows: rows as RegistrantRow[], total: Number(countRow?.n ?? 0) };
}

export async function allRegistrantIds(db: Conn, conferenceId: number, q: Omit<RegistrantQuery, 'page' | 'size'>): Promise<number[]> {
  const rows = await filtered(db, conferenceId, q).select('id').orderBy('id');
  return rows.map((r: { id: number }) => Number(r.id));
}

/** The countries or regions registrants gave (the list's country filter offers these). */
export async function countriesGiven(db: Conn, conferenceId: number): Promise<string[]> {
  return (await db('registrants').where({ conference_id: conferenceId }).whereNot('country', '').distinct('country').orderBy('country')).map((r: { country: string }) => r.country);
}

// ── files ─────────────────────────────────────────────────────────────────────────────
// The uploads themselves are the files module's (files/repo.ts); this module keeps which
// registrant's answer names which upload (`registrant_files`).

async function links(db: Conn, conferenceId: number, registrantIds: number[]): Promise<Array<{ registrant_id: number; field: string; file_id: number }>> {
  if (!registrantIds.length) return [];
  return db('registrant_files').where({ conference_id: conferenceId }).whereIn('registrant_id', registrantIds).select('registrant_id', 'field', 'file_id');
}

/** The files the registrants' answers name, by registrant then upload. */
export async function filesOf(db: Conn, conferenceId: number, registrantIds: number[]): Promise<RegistrantFileRow[]> {
  const linked = await links(db, conferenceId, registrantIds);
  const files = new Map((await filesByIds(db, conferenceId, linked.map((l) => Number(l.file_id)))).map((f) => [f.id, f]));
  return linked
    .flatMap((l) => {
      const f = files.get(Number(l.file_id));
      return f ? [{ registrant_id: Number(l.registrant_id), field: l.field, file_id: f.id, stored_name: f.storedName, original_name: f.originalName, size: f.size }] : [];
    })
    .sort((a, b) => a.registrant_id - b.registrant_id || a.file_id - b.file_id);
}

/** Links claimed uploads (FilesService.claimTemporary) to the registrant, as the answers of their fields. */
export async function linkFiles(tx: Tx, conferenceId: number, registrantId: number, files: Array<{ id: number; field: string }>): Promise<void> {
  if (!files.length) return;
  await tx('registrant_files').insert(files.map((f) => ({ conference_id: conferenceId, registrant_id: registrantId, file_id: f.id, field: f.field })));
}

/** The files of one registrant (to find those an edit no longer names). */
export async function fileRowsOf(db: Conn, conferenceId: number, registrantId: number): Promise<Array<{ file_id: number; stored_name: string; field: string }>> {
  return (await filesOf(db, conferenceId, [registrantId])).map((f) => ({ file_id: f.file_id, stored_name: f.stored_name, field: f.field }));
}

/** Of these (lower-case) e-mails, those of registrants who registered themselves (not added by a manager). */
export function selfRegisteredEmails(db: Conn, conferenceId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return Promise.resolve([]);
  return db('registrants').where({ conference_id: conferenceId }).whereNull('added_by').whereIn('email', emails).pluck('email');
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/** Registrants per local day, by form version, by country and by unit (the `top` largest; the rest in `others`). */
export async function registrationFigures(db: Conn, conferenceId: number, offsetMinutes: number, top = 20) {
  const base = () => db('registrants').where({ conference_id: conferenceId });
  const grouped = async (column: string, limit?: number): Promise<Counted[]> => {
    const q = base().select({ key: column }).count<Array<{ key: string; n: number | string }>>({ n: '*' }).groupBy(column).orderBy([{ column: 'n', order: 'desc' }, { column, order: 'asc' }]);
    if (column === 'unit') q.whereNot('unit', '');
    if (limit) q.limit(limit);
    return (await q).map((r) => ({ key: r.key, n: num(r.n) }));
  };
  const day = localDaySql(db, 'created_at', offsetMinutes);
  const perDay = (await base().select({ day }).count<Array<{ day: string; n: number | string }>>({ n: '*' }).groupBy('day').orderBy('day')).map((r) => ({ day: r.day, n: num(r.n) }));
  const byVersion = await grouped('version');
  const byCountry = await grouped('country', top);
  const byUnit = await grouped('unit', top);
  const withUnit = num((await base().whereNot('unit', '').count<Array<{ n: number | string }>>({ n: '*' }).first())?.n);
  return { perDay, byVersion, byCountry, byUnit, withUnit };
}
