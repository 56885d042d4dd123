/**
 * Queries of the submissions module. It owns (server/db/owners.ts) `submission_settings`,
 * `submission_sessions`, `submission_terms`, `submissions`, `submission_authors`,
 * `submission_history` and `submission_books`. Every function takes the conference first.
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { concatSql, insertId, lockForUpdate, likeContains, LIKE_ESCAPE, toDbInstant } from '../../db/dialect';
import type { ManageFilter, SubmissionStatus, TermKind } from '../../contract/submissions';
import { localDaySql, whereLocalDays } from '../../platform/overviewFigures';

export type Conn = Db | Tx;

export type SettingsRow = {
  conference_id: number;
  enabled: number | boolean;
  start_date: string;
  end_date: string;
  second_deadline: string;
  abstract_mode: string;
  abstract_max_chars: number;
  abstract_file: string;
  full_text: string;
  author_info: string;
  category_mode: string;
  report_type_mode: string;
  keywords_mode: string;
  limit_per_person: number | boolean;
  max_per_person: number;
  max_total: number;
  instructions_zh: string;
  instructions_en: string;
  edit_after_accept: number | boolean;
  layout: string;
  book_version: number;
  saved: number | boolean;
};

export type SessionRow = { id: number; conference_id: number; parent_id: number | null; title_zh: string; title_en: string; prefix: string; sort: number; last_seq: number };
export type TermRow = { id: number; conference_id: number; kind: TermKind; title_zh: string; title_en: string; sort: number };

export type SubmissionRow = {
  id: number;
  conference_id: number;
  user_id: number;
  number: string;
  title: string;
  session_id: number;
  sub_session_id: number | null;
  report_type_id: number | null;
  category_id: number | null;
  abstract: string;
  keywords: string;
  abstract_file: string;
  full_text_file: string;
  status: SubmissionStatus;
  active: number | boolean;
  lang: string;
  submitted_at: string;
  updated_at: string;
};

export type AuthorRow = { conference_id: number; submission_id: number; position: number; name: string; surname: string; email: string; phone: string; country: string; company: string; corresponding: number | boolean };
export type ConflictRow = { submission_id: number; position: number; email: string; organisation: string };
export type HistoryRow = { id: number; conference_id: number; submission_id: number; from_status: SubmissionStatus | null; to_status: SubmissionStatus; by: 'author' | 'manager' | 'system' | 'chair'; actor: string; note: string; created_at: string };
export type BookRow = { conference_id: number; lang: string; state: string; version: number; pages: number; moves: string; built_at: string | null; updated_at: string; stored_name: string | null; pdf_bytes: number };

// ── settings ─────────────────────────────────────────────────────────────────────────────

export function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('submission_settings').where({ conference_id: conferenceId }).first();
}

/** The settings row under its lock: the limits are counted while it is held. */
export async function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return lockForUpdate(tx, tx<SettingsRow>('submission_settings').where({ conference_id: conferenceId })).first();
}

export async function upsertSettings(tx: Tx, conferenceId: number, values: Partial<SettingsRow>, exists: boolean): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('submission_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('submission_settings').insert({ conference_id: conferenceId, ...row });
}

/** Something the book prints changed: a cached book is stale from now on. */
export async function bumpBook(conn: Conn, conferenceId: number): Promise<void> {
  await conn('submission_settings').where({ conference_id: conferenceId }).increment('book_version', 1);
}

// ── sessions and terms ───────────────────────────────────────────────────────────────────

export function listSessions(db: Conn, conferenceId: number): Promise<SessionRow[]> {
  return db<SessionRow>('submission_sessions').where({ conference_id: conferenceId }).orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export function findSession(db: Conn, conferenceId: number, id: number): Promise<SessionRow | undefined> {
  return db<SessionRow>('submission_sessions').where({ conference_id: conferenceId, id }).first();
}

export async function lockSession(tx: Tx, conferenceId: number, id: number): Promise<SessionRow | undefined> {
  return lockForUpdate(tx, tx<SessionRow>('submission_sessions').where({ conference_id: conferenceId, id })).first();
}

export function insertSession(tx: Tx, conferenceId: number, row: Omit<SessionRow, 'id' | 'conference_id' | 'last_seq'>): Promise<number> {
  return insertId(tx('submission_sessions').insert({ conference_id: conferenceId, last_seq: 0, ...row }, ['id']));
}

export async function updateSession(tx: Tx, conferenceId: number, id: number, values: Partial<SessionRow>): Promise<void> {
  await tx('submission_sessions').where({ conference_id: conferenceId, id }).update(values);
}

export async function deleteSession(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('submission_sessions').where({ conference_id: conferenceId, id }).delete();
}

export function listTerms(db: Conn, conferenceId: number): Promise<TermRow[]> {
  return db<TermRow>('submission_terms').where({ conference_id: conferenceId }).orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export function findTerm(db: Conn, conferenceId: number, kind: TermKind, id: number): Promise<TermRow | undefined> {
  return db<TermRow>('submission_terms').where({ conference_id: conferenceId, kind, id }).first();
}

export function insertTerm(tx: Tx, conferenceId: number, row: Omit<TermRow, 'id' | 'conference_id'>): Promise<number> {
  return insertId(tx('submission_terms').insert({ conference_id: conferenceId, ...row }, ['id']));
}

export async function updateTerm(tx: Tx, conferenceId: number, kind: TermKind, id: number, values: Partial<TermRow>): Promise<void> {
  await tx('submission_terms').where({ conference_id: conferenceId, kind, id }).update(values);
}

export async function deleteTerm(tx: Tx, conferenceId: number, kind: TermKind, id: number): Promise<void> {
  await tx('submission_terms').where({ conference_id: conferenceId, kind, id }).delete();
}

/** Whether any manuscript (withdrawn ones too: they keep their session) uses the column's value. */
export async function used(db: Conn, conferenceId: number, column: 'session_id' | 'sub_session_id' | 'report_type_id' | 'category_id', id: number): Promise<boolean> {
  return Boolean(await db('submissions').where({ conference_id: conferenceId, [column]: id }).first('id'));
}

// ── manuscripts ──────────────────────────────────────────────────────────────────────────

export function findSubmission(db: Conn, conferenceId: number, id: number): Promise<SubmissionRow | undefined> {
  return db<SubmissionRow>('submissions').where({ conference_id: conferenceId, id }).first();
}

export async function lockSubmission(tx: Tx, conferenceId: number, id: number): Promise<SubmissionRow | undefined> {
  return lockForUpdate(tx, tx<SubmissionRow>('submissions').where({ conference_id: conferenceId, id })).first();
}

export function mine(db: Conn, conferenceId: number, userId: number): Promise<SubmissionRow[]> {
  return db<SubmissionRow>('submissions').where({ conference_id: conferenceId, user_id: userId }).orderBy('id', 'desc');
}

/** Manuscripts that count against the limits: all but the withdrawn. */
export async function countActive(conn: Conn, conferenceId: number, userId?: number): Promise<number> {
  const q = conn('submissions').where({ conference_id: conferenceId, active: true });
  if (userId !== undefined) q.andWhere({ user_id: userId });
  const row = (await q.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export function insertSubmission(tx: Tx, row: Omit<SubmissionRow, 'id' | 'submitted_at' | 'updated_at'>): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('submissions').insert({ ...row, submitted_at: now, updated_at: now }, ['id']));
}

export async function updateSubmission(tx: Tx, conferenceId: number, id: number, values: Partial<SubmissionRow>): Promise<void> {
  await tx('submissions').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: toDbInstant() });
}

export async function replaceAuthors(tx: Tx, conferenceId: number, submissionId: number, authors: Array<Omit<AuthorRow, 'conference_id' | 'submission_id' | 'position'>>): Promise<void> {
  await tx('submission_authors').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
  if (authors.length) await tx('submission_authors').insert(authors.map((a, i) => ({ ...a, conference_id: conferenceId, submission_id: submissionId, position: i })));
}

export async function authorsOf(db: Conn, conferenceId: number, ids: number[]): Promise<Map<number, AuthorRow[]>> {
  const byId = new Map<number, AuthorRow[]>();
  // Chunks keep the IN list within what both databases take comfortably.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db<AuthorRow>('submission_authors').where({ conference_id: conferenceId }).whereIn('submission_id', ids.slice(i, i + 500)).orderBy([{ column: 'submission_id' }, { column: 'position' }]);
    for (const r of rows) {
      const list = byId.get(Number(r.submission_id)) ?? [];
      list.push(r);
      byId.set(Number(r.submission_id), list);
    }
  }
  return byId;
}

/** The author's declared conflicts of interest (issue 16), replaced whole on every save. */
export async function replaceConflicts(tx: Tx, conferenceId: number, submissionId: number, conflicts: Array<{ email: string; organisation: string }>): Promise<void> {
  await tx('submission_conflicts').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
  if (conflicts.length) await tx('submission_conflicts').insert(conflicts.map((c, i) => ({ ...c, conference_id: conferenceId, submission_id: submissionId, position: i })));
}

export async function conflictsOf(db: Conn, conferenceId: number, ids: number[]): Promise<Map<number, ConflictRow[]>> {
  const byId = new Map<number, ConflictRow[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows: ConflictRow[] = await db('submission_conflicts').where({ conference_id: conferenceId }).whereIn('submission_id', ids.slice(i, i + 500)).select('submission_id', 'position', 'email', 'organisation').orderBy([{ column: 'submission_id' }, { column: 'position' }]);
    for (const r of rows) {
      const list = byId.get(Number(r.submission_id)) ?? [];
      list.push(r);
      byId.set(Number(r.submission_id), list);
    }
  }
  return byId;
}

export async function addHistory(tx: Tx, conferenceId: number, submissionId: number, entry: { from: SubmissionStatus | null; to: SubmissionStatus; by: HistoryRow['by']; actorId: number | null; actor: string; note?: string }): Promise<void> {
  await tx('submission_history').insert({
    conference_id: conferenceId, submission_id: submissionId, from_status: entry.from, to_status: entry.to, by: entry.by, actor_id: entry.actorId, actor: entry.actor.slice(0, 200), note: entry.note ?? '', created_at: toDbInstant(),
  });
}

export function historyOf(db: Conn, conferenceId: number, submissionId: number): Promise<HistoryRow[]> {
  return db<HistoryRow>('submission_history').where({ conference_id: conferenceId, submission_id: submissionId }).orderBy('id');
}

/** The managers' filter (spec 2.12 manage/contribute): session (or sub-session), type, category, status, keyword, author. */
export function filtered(db: Conn, conferenceId: number, f: ManageFilter): Knex.QueryBuilder {
  const q = db('submissions').where('submissions.conference_id', conferenceId);
  if (f.sessionId) q.andWhere((w) => w.where('session_id', f.sessionId!).orWhere('sub_session_id', f.sessionId!));
  if (f.reportTypeId) q.andWhere('report_type_id', f.reportTypeId);
  if (f.categoryId) q.andWhere('category_id', f.categoryId);
  if (f.status) q.andWhere('status', f.status);
  if (f.active) q.andWhere('submissions.active', true);
  if (f.from || f.to) whereLocalDays(q, 'submitted_at', f, f.offsetMinutes ?? 0);
  if (f.keyword) {
    const like = likeContains(f.keyword);
    q.andWhere((w) => w.whereRaw(`number like ? ${LIKE_ESCAPE}`, [like]).orWhereRaw(`title like ? ${LIKE_ESCAPE}`, [like]).orWhereRaw(`keywords like ? ${LIKE_ESCAPE}`, [like]));
  }
  if (f.author) {
    const like = likeContains(f.author);
    q.whereIn(
      'submissions.id',
      db('submission_authors')
        .where('submission_authors.conference_id', conferenceId)
        .andWhere((w) =>
          w
            .whereRaw(`name like ? ${LIKE_ESCAPE}`, [like])
            .orWhereRaw(`surname like ? ${LIKE_ESCAPE}`, [like])
            .orWhereRaw(`email like ? ${LIKE_ESCAPE}`, [like])
            .orWhereRaw(`company like ? ${LIKE_ESCAPE}`, [like])
            .orWhereRaw(`${concatNames(db)} like ? ${LIKE_ESCAPE}`, [like]),
        )
        .select('submission_id'),
    );
  }
  return q;
}

/** "Zhang San" and "San Zhang" both find an author stored as given name and surname. */
function concatNames(db: Conn): string {
  return concatSql(db, 'name', "' '", 'surname', "' '", 'surname', "' '", 'name');
}

export async function page(db: Conn, conferenceId: number, f: ManageFilter, pageNo: number, size: number): Promise<{ rows: SubmissionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, conferenceId, f).select('submissions.*').orderBy('submissions.id', 'desc').limit(size).offset((pageNo - 1) * size) as Promise<SubmissionRow[]>,
    filtered(db, conferenceId, f).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export function byIds(db: Conn, conferenceId: number, ids: number[]): Promise<SubmissionRow[]> {
  return db<SubmissionRow>('submissions').where({ conference_id: conferenceId }).whereIn('id', ids).orderBy('id');
}

export function all(db: Conn, conferenceId: number, f: ManageFilter): Promise<SubmissionRow[]> {
  return filtered(db, conferenceId, f).select('submissions.*').orderBy('submissions.id') as Promise<SubmissionRow[]>;
}

/** What the book prints: the manuscripts in the statuses the manager chose for it (layout.statuses). */
export function forBook(db: Conn, conferenceId: number, statuses: readonly SubmissionStatus[]): Promise<SubmissionRow[]> {
  return db<SubmissionRow>('submissions').where({ conference_id: conferenceId }).whereIn('status', statuses).orderBy('id');
}

export async function countForBook(db: Conn, conferenceId: number, statuses: readonly SubmissionStatus[]): Promise<number> {
  const row = (await db('submissions').where({ conference_id: conferenceId }).whereIn('status', statuses).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** How many manuscripts a download's selection (ids of this conference) or filter finds, without reading them. */
export async function countSelected(db: Conn, conferenceId: number, ids: number[] | undefined, f: ManageFilter): Promise<number> {
  const q = ids ? db('submissions').where({ conference_id: conferenceId }).whereIn('id', ids) : filtered(db, conferenceId, f);
  const row = (await q.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The stored files of one slot of a selection (ids of this conference) or filter, by id: only what a zip names. */
export async function storedFiles(db: Conn, conferenceId: number, ids: number[] | undefined, f: ManageFilter, column: 'abstract_file' | 'full_text_file'): Promise<Array<{ number: string; stored: string }>> {
  const q = ids ? db('submissions').where({ conference_id: conferenceId }).whereIn('id', ids) : filtered(db, conferenceId, f);
  const rows = (await q.whereNot(`submissions.${column}`, '').whereNotNull(`submissions.${column}`).select('submissions.number', `submissions.${column} as stored`).orderBy('submissions.id')) as Array<{ number: string; stored: string }>;
  return rows;
}

/**
 * A fingerprint of everything a download of the conference's manuscripts shows: how many there
 * are and the latest change to one (an edit, a status change, new authors all touch `updated_at`).
 */
export async function submissionsStamp(db: Conn, conferenceId: number): Promise<string> {
  const row = (await db('submissions').where({ conference_id: conferenceId }).count({ n: '*' }).max({ latest: 'updated_at' }).first()) as { n: number | string; latest: unknown } | undefined;
  const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
  return `${Number(row?.n ?? 0)}@${latest}`;
}

// ── the cached book ──────────────────────────────────────────────────────────────────────

export function findBook(db: Conn, conferenceId: number, lang: string): Promise<BookRow | undefined> {
  const q = db<BookRow>('submission_books').where({ conference_id: conferenceId, lang });
  return q.first('conference_id', 'lang', 'state', 'version', 'pages', 'moves', 'built_at', 'updated_at', 'stored_name', 'pdf_bytes') as Promise<BookRow | undefined>;
}

export async function saveBook(db: Conn, conferenceId: number, lang: string, values: Partial<BookRow>): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  const updated = await db('submission_books').where({ conference_id: conferenceId, lang }).update(row);
  if (!updated) await db('submission_books').insert({ conference_id: conferenceId, lang, state: 'building', version: 0, pages: 0, moves: '[]', ...row }).onConflict(['conference_id', 'lang']).merge(row);
}

// ── the submission fee (issue 32) ─────────────────────────────────────────────────────────

export type FeeSettingsRow = { conference_id: number; enabled: number | boolean; amount: number | string; currency: string; rule: string; updated_at: string };

export async function findFeeSettings(db: Conn, conferenceId: number): Promise<FeeSettingsRow | undefined> {
  return db<FeeSettingsRow>('submission_fee_settings').where({ conference_id: conferenceId }).first();
}

export async function saveFeeSettings(db: Conn, conferenceId: number, v: { enabled: boolean; amount: number; currency: string; rule: string }): Promise<void> {
  await db('submission_fee_settings').insert({ conference_id: conferenceId, ...v, updated_at: toDbInstant() }).onConflict('conference_id').merge();
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/** Manuscripts by status, top-level session and report type, submissions per local day, and the deadlines. */
export async function submissionFigures(db: Conn, conferenceId: number, offsetMinutes: number) {
  type Row = Record<string, unknown>;
  const papers = () => db('submissions').where({ conference_id: conferenceId });
  const byStatus = ((await papers().select('status', db.raw('count(*) as n')).groupBy('status')) as Row[]).map((r) => ({ key: String(r.status), n: Number(r.n) }));
  const bySession = ((await db('submission_sessions as s')
    .join('submissions as p', function joinPapers() {
      this.on('p.session_id', '=', 's.id').andOn('p.conference_id', '=', 's.conference_id');
    })
    .where('s.conference_id', conferenceId).andWhere('p.active', true)
    .select('s.id', 's.title_zh', 's.title_en', 's.sort', db.raw('count(*) as n')).groupBy('s.id', 's.title_zh', 's.title_en', 's.sort').orderBy([{ column: 's.sort' }, { column: 's.id' }])) as Row[])
    .map((r) => ({ id: Number(r.id), title: { zh: String(r.title_zh), en: String(r.title_en) }, n: Number(r.n) }));
  const byType = ((await db('submissions').where({ 'submissions.conference_id': conferenceId, 'submissions.active': true })
    .leftJoin('submission_terms as t', function joinTerms() {
      this.on('t.id', '=', 'submissions.report_type_id').andOn('t.conference_id', '=', 'submissions.conference_id');
    })
    .select('t.id', 't.title_zh', 't.title_en', db.raw('count(*) as n')).groupBy('t.id', 't.title_zh', 't.title_en').orderBy('t.id')) as Row[])
    .map((r) => ({ id: r.id == null ? null : Number(r.id), title: { zh: String(r.title_zh ?? ''), en: String(r.title_en ?? '') }, n: Number(r.n) }));
  const day = localDaySql(db, 'submitted_at', offsetMinutes);
  const perDay = ((await papers().select({ day }, db.raw('count(*) as n')).groupBy('day').orderBy('day')) as Row[]).map((r) => ({ day: String(r.day), n: Number(r.n) }));
  const settings = await db('submission_settings').where({ conference_id: conferenceId }).first('enabled', 'start_date', 'end_date', 'second_deadline');
  return { byStatus, bySession, byType, perDay, settings: settings as Pick<SettingsRow, 'enabled' | 'start_date' | 'end_date' | 'second_deadline'> | undefined };
}

/**
 * The conference's manuscripts as a derived table (id, session_id, status, active) for another
 * feature's aggregates (review's progress per session): joined in its query, so its counts stay
 * one SQL statement, and only this folder names the table.
 */
export function manuscriptsTable(db: Conn, conferenceId: number): Knex.QueryBuilder {
  return db('submissions').where({ conference_id: conferenceId }).select('id', 'session_id', 'status', 'active');
}

/** The top-level sessions' titles (review's progress per session names them). */
export async function sessionTitles(db: Conn, conferenceId: number): Promise<Map<number, { zh: string; en: string }>> {
  const rows = await db('submission_sessions').where({ conference_id: conferenceId }).whereNull('parent_id').select('id', 'title_zh', 'title_en');
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.id), { zh: String(r.title_zh), en: String(r.title_en) }]));
}
