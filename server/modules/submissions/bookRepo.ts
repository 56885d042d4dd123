/**
 * Queries of the cached book of abstracts: the manuscripts it prints and its stored state per
 * language. Every function takes the conference first.
 */
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import type { SubmissionStatus } from '../../contract/submissions';
import { cleanSubmission, type Conn, type SubmissionRow } from './repo';

export type BookRow = {
  conference_id: number;
  lang: string;
  state: string;
  version: number;
  pages: number;
  moves: string;
  built_at: string | null;
  updated_at: string;
  stored_name: string | null;
  pdf_bytes: number;
};

/** What the book prints: the manuscripts in the statuses the manager chose for it (layout.statuses). */
export async function forBook(
  db: Conn,
  conferenceId: number,
  statuses: readonly SubmissionStatus[],
): Promise<SubmissionRow[]> {
  const rows = await db('submissions').where({ conference_id: conferenceId }).whereIn('status', statuses).orderBy('id');
  return rows.map(cleanSubmission);
}

export async function countForBook(
  db: Conn,
  conferenceId: number,
  statuses: readonly SubmissionStatus[],
): Promise<number> {
  const row = (await db('submissions')
    .where({ conference_id: conferenceId })
    .whereIn('status', statuses)
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** A book's stored state, its instants as `Date`. */
export type Book = Omit<BookRow, 'built_at' | 'updated_at'> & { built_at: Date | null; updated_at: Date };

export async function findBook(db: Conn, conferenceId: number, lang: string): Promise<Book | undefined> {
  const q = db<BookRow>('submission_books').where({ conference_id: conferenceId, lang });
  const row = await (q.first(
    'conference_id',
    'lang',
    'state',
    'version',
    'pages',
    'moves',
    'built_at',
    'updated_at',
    'stored_name',
    'pdf_bytes',
  ) as Promise<BookRow | undefined>);
  return row && { ...row, built_at: fromDbInstant(row.built_at), updated_at: fromDbInstant(row.updated_at)! };
}

export async function saveBook(db: Conn, conferenceId: number, lang: string, values: Partial<BookRow>): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  const updated = await db('submission_books').where({ conference_id: conferenceId, lang }).update(row);
  if (!updated)
    await db('submission_books')
      .insert({ conference_id: conferenceId, lang, state: 'building', version: 0, pages: 0, moves: '[]', ...row })
      .onConflict(['conference_id', 'lang'])
      .merge(row);
}
