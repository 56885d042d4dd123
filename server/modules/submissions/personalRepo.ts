/**
 * The submissions feature's queries by person, across conferences (a person's own data:
 * personalData.ts). The only queries of the feature not scoped by one conference: a person's
 * export and erasure cover every conference they are in.
 */
import type { Db, Tx } from '../../db/index';
import { cleanSubmission, type AuthorRow, type StoredSubmissionRow, type SubmissionRow } from './repo';

/** The manuscripts a person submitted or is named an author of (by address), each with its authors in order. */
export async function manuscriptsOfPerson(
  db: Db,
  userId: number,
  email: string,
): Promise<Array<{ submission: SubmissionRow; authors: AuthorRow[] }>> {
  const named: number[] = await db('submission_authors').where({ email }).pluck('submission_id');
  const stored: StoredSubmissionRow[] = await db('submissions')
    .where({ user_id: userId })
    .orWhereIn('id', named.length ? named : [0])
    .orderBy('id');
  const rows = stored.map(cleanSubmission);
  const ids = rows.map((r) => r.id);
  const authors: AuthorRow[] = ids.length
    ? await db('submission_authors').whereIn('submission_id', ids).orderBy(['submission_id', 'position'])
    : [];
  return rows.map((submission) => ({ submission, authors: authors.filter((a) => a.submission_id === submission.id) }));
}

/** At most `limit` author entries with this address, in order: their ids and conferences. */
export function authorEntriesOf(
  tx: Tx,
  email: string,
  limit: number,
): Promise<Array<{ id: number; conference_id: number }>> {
  return tx('submission_authors').where({ email }).orderBy('id').limit(limit).select('id', 'conference_id');
}

/** An author entry loses the person's name and contacts; `name` and `email` stand in where the form needs them. */
export async function forgetAuthorEntry(tx: Tx, id: number, name: string, email: string): Promise<void> {
  await tx('submission_authors')
    .where({ id })
    .update({ name, surname: '', email, phone: '', country: '', company: '' });
}

/** At most `limit` declared conflicts naming this address. */
export function conflictsNaming(
  tx: Tx,
  email: string,
  limit: number,
): Promise<Array<{ id: number; conference_id: number }>> {
  return tx('submission_conflicts').where({ email }).orderBy('id').limit(limit).select('id', 'conference_id');
}

export async function replaceConflictAddress(tx: Tx, id: number, email: string): Promise<void> {
  await tx('submission_conflicts').where({ id }).update({ email });
}

/** At most `limit` history entries that still name this person as their actor; answers how many it cleared. */
export async function forgetActor(tx: Tx, userId: number, limit: number): Promise<number> {
  const ids: number[] = await tx('submission_history')
    .where({ actor_id: userId })
    .whereNot({ actor: '' })
    .orderBy('id')
    .limit(limit)
    .pluck('id');
  for (const id of ids) await tx('submission_history').where({ id }).update({ actor: '' });
  return ids.length;
}

/** The conferences a person submitted a manuscript to. */
export async function conferencesOfSubmitter(tx: Tx, userId: number): Promise<number[]> {
  const rows: Array<{ conference_id: number }> = await tx('submissions')
    .where({ user_id: userId })
    .distinct('conference_id');
  return rows.map((r) => r.conference_id);
}
