/**
 * Queries of the manuscripts: the submissions, their authors, declared conflicts and history, and
 * the managers' lists and downloads of them. The submissions module owns (server/db/owners.ts) its
 * `submission_*` tables and `submissions`; the configuration's queries are in configRepo.ts, the
 * book's in bookRepo.ts, the overview's in overviewRepo.ts. Every function takes the conference first.
 */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import {
  concatSql,
  fromDbInstant,
  insertId,
  lockForUpdate,
  likeContains,
  LIKE_ESCAPE,
  toDbInstant,
} from '../../db/dialect';
import type { ManageFilter, SubmissionStatus } from '../../contract/submissions';
import { whereLocalDays } from '../../platform/overviewFigures';
import { readByIdChunks } from '../../db/idChunks';

export type Conn = Db | Tx;

/** A manuscript as the table stores it (tables.ts); `SubmissionRow` is how it leaves here. */
export type StoredSubmissionRow = {
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

/** A manuscript as the feature reads it: its instants as `Date`. */
export type SubmissionRow = Omit<StoredSubmissionRow, 'submitted_at' | 'updated_at'> & {
  submitted_at: Date;
  updated_at: Date;
};

export const cleanSubmission = (r: StoredSubmissionRow): SubmissionRow => ({
  ...r,
  submitted_at: fromDbInstant(r.submitted_at)!,
  updated_at: fromDbInstant(r.updated_at)!,
});

export type AuthorRow = {
  conference_id: number;
  submission_id: number;
  position: number;
  name: string;
  surname: string;
  email: string;
  phone: string;
  country: string;
  company: string;
  corresponding: number | boolean;
};
export type ConflictRow = { submission_id: number; position: number; email: string; organisation: string };
export type StoredHistoryRow = {
  id: number;
  conference_id: number;
  submission_id: number;
  from_status: SubmissionStatus | null;
  to_status: SubmissionStatus;
  by: 'author' | 'manager' | 'system' | 'chair';
  actor: string;
  note: string;
  created_at: string;
};
/** A status change as the feature reads it: its instant as `Date`. */
export type HistoryRow = Omit<StoredHistoryRow, 'created_at'> & { created_at: Date };

// ── manuscripts ──────────────────────────────────────────────────────────────────────────

export async function findSubmission(db: Conn, conferenceId: number, id: number): Promise<SubmissionRow | undefined> {
  const row = await db('submissions').where({ conference_id: conferenceId, id }).first();
  return row && cleanSubmission(row);
}

export async function lockSubmission(tx: Tx, conferenceId: number, id: number): Promise<SubmissionRow | undefined> {
  const row = await lockForUpdate(tx, tx('submissions').where({ conference_id: conferenceId, id })).first();
  return row && cleanSubmission(row);
}

export async function mine(db: Conn, conferenceId: number, userId: number): Promise<SubmissionRow[]> {
  const rows = await db('submissions').where({ conference_id: conferenceId, user_id: userId }).orderBy('id', 'desc');
  return rows.map(cleanSubmission);
}

/** Manuscripts that count against the limits: all but the withdrawn. */
export async function countActive(conn: Conn, conferenceId: number, userId?: number): Promise<number> {
  const q = conn('submissions').where({ conference_id: conferenceId, active: true });
  if (userId !== undefined) q.andWhere({ user_id: userId });
  const row = (await q.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export function insertSubmission(
  tx: Tx,
  row: Omit<StoredSubmissionRow, 'id' | 'submitted_at' | 'updated_at'>,
): Promise<number> {
  const now = toDbInstant();
  return insertId(tx('submissions').insert({ ...row, submitted_at: now, updated_at: now }, ['id']));
}

export async function updateSubmission(
  tx: Tx,
  conferenceId: number,
  id: number,
  values: Partial<StoredSubmissionRow>,
): Promise<void> {
  await tx('submissions')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

export async function replaceAuthors(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  authors: Array<Omit<AuthorRow, 'conference_id' | 'submission_id' | 'position'>>,
): Promise<void> {
  await tx('submission_authors').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
  if (authors.length)
    await tx('submission_authors').insert(
      authors.map((a, i) => ({ ...a, conference_id: conferenceId, submission_id: submissionId, position: i })),
    );
}

export async function authorsOf(db: Conn, conferenceId: number, ids: number[]): Promise<Map<number, AuthorRow[]>> {
  const byId = new Map<number, AuthorRow[]>();
  // Chunks keep the IN list within what both databases take comfortably.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db<AuthorRow>('submission_authors')
      .where({ conference_id: conferenceId })
      .whereIn('submission_id', ids.slice(i, i + 500))
      .orderBy([{ column: 'submission_id' }, { column: 'position' }]);
    for (const r of rows) {
      const list = byId.get(Number(r.submission_id)) ?? [];
      list.push(r);
      byId.set(Number(r.submission_id), list);
    }
  }
  return byId;
}

/** The author's declared conflicts of interest (issue 16), replaced whole on every save. */
export async function replaceConflicts(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  conflicts: Array<{ email: string; organisation: string }>,
): Promise<void> {
  await tx('submission_conflicts').where({ conference_id: conferenceId, submission_id: submissionId }).delete();
  if (conflicts.length)
    await tx('submission_conflicts').insert(
      conflicts.map((c, i) => ({ ...c, conference_id: conferenceId, submission_id: submissionId, position: i })),
    );
}

export async function conflictsOf(db: Conn, conferenceId: number, ids: number[]): Promise<Map<number, ConflictRow[]>> {
  const byId = new Map<number, ConflictRow[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows: ConflictRow[] = await db('submission_conflicts')
      .where({ conference_id: conferenceId })
      .whereIn('submission_id', ids.slice(i, i + 500))
      .select('submission_id', 'position', 'email', 'organisation')
      .orderBy([{ column: 'submission_id' }, { column: 'position' }]);
    for (const r of rows) {
      const list = byId.get(Number(r.submission_id)) ?? [];
      list.push(r);
      byId.set(Number(r.submission_id), list);
    }
  }
  return byId;
}

export async function addHistory(
  tx: Tx,
  conferenceId: number,
  submissionId: number,
  entry: {
    from: SubmissionStatus | null;
    to: SubmissionStatus;
    by: HistoryRow['by'];
    actorId: number | null;
    actor: string;
    note?: string;
  },
): Promise<void> {
  await tx('submission_history').insert({
    conference_id: conferenceId,
    submission_id: submissionId,
    from_status: entry.from,
    to_status: entry.to,
    by: entry.by,
    actor_id: entry.actorId,
    actor: entry.actor.slice(0, 200),
    note: entry.note ?? '',
    created_at: toDbInstant(),
  });
}

export async function historyOf(db: Conn, conferenceId: number, submissionId: number): Promise<HistoryRow[]> {
  const rows = await db('submission_history')
    .where({ conference_id: conferenceId, submission_id: submissionId })
    .orderBy('id');
  return rows.map((r) => ({ ...r, created_at: fromDbInstant(r.created_at)! }));
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
    q.andWhere((w) =>
      w
        .whereRaw(`number like ? ${LIKE_ESCAPE}`, [like])
        .orWhereRaw(`title like ? ${LIKE_ESCAPE}`, [like])
        .orWhereRaw(`keywords like ? ${LIKE_ESCAPE}`, [like]),
    );
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

export async function page(
  db: Conn,
  conferenceId: number,
  f: ManageFilter,
  pageNo: number,
  size: number,
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, conferenceId, f)
      .select('submissions.*')
      .orderBy('submissions.id', 'desc')
      .limit(size)
      .offset((pageNo - 1) * size) as Promise<StoredSubmissionRow[]>,
    filtered(db, conferenceId, f).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { rows: rows.map(cleanSubmission), total: Number(count?.n ?? 0) };
}

export async function byIds(db: Conn, conferenceId: number, ids: number[]): Promise<SubmissionRow[]> {
  const rows = await readByIdChunks(ids, (slice) =>
    db('submissions').where({ conference_id: conferenceId }).whereIn('id', slice).orderBy('id'),
  );
  return rows.map(cleanSubmission);
}

export async function all(db: Conn, conferenceId: number, f: ManageFilter): Promise<SubmissionRow[]> {
  const rows = await (filtered(db, conferenceId, f).select('submissions.*').orderBy('submissions.id') as Promise<
    StoredSubmissionRow[]
  >);
  return rows.map(cleanSubmission);
}

/** How many manuscripts a download's selection (ids of this conference) or filter finds, without reading them. */
export async function countSelected(
  db: Conn,
  conferenceId: number,
  ids: number[] | undefined,
  f: ManageFilter,
): Promise<number> {
  const q: Knex.QueryBuilder = ids
    ? db('submissions').where({ conference_id: conferenceId }).whereIn('id', ids)
    : filtered(db, conferenceId, f);
  const row = (await q.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The stored files of one slot of a selection (ids of this conference) or filter, by id: only what a zip names. */
export async function storedFiles(
  db: Conn,
  conferenceId: number,
  ids: number[] | undefined,
  f: ManageFilter,
  column: 'abstract_file' | 'full_text_file',
): Promise<Array<{ number: string; stored: string }>> {
  const q: Knex.QueryBuilder = ids
    ? db('submissions').where({ conference_id: conferenceId }).whereIn('id', ids)
    : filtered(db, conferenceId, f);
  const rows = (await q
    .whereNot(`submissions.${column}`, '')
    .whereNotNull(`submissions.${column}`)
    .select('submissions.number', `submissions.${column} as stored`)
    .orderBy('submissions.id')) as Array<{ number: string; stored: string }>;
  return rows;
}

/**
 * A fingerprint of everything a download of the conference's manuscripts shows: how many there
 * are and the latest change to one (an edit, a status change, new authors all touch `updated_at`).
 */
export async function submissionsStamp(db: Conn, conferenceId: number): Promise<string> {
  const row = (await db('submissions')
    .where({ conference_id: conferenceId })
    .count({ n: '*' })
    .max({ latest: 'updated_at' })
    .first()) as { n: number | string; latest: unknown } | undefined;
  const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
  return `${Number(row?.n ?? 0)}@${latest}`;
}
