/**
 * The people of a conference's manuscripts as the conflict finder takes them (conflicts/types.ts):
 * the submitter, the authors and what the author declared. One loader for the assignment
 * (allocation/state.ts) and the reviewer's page and check (reviewers/info.ts), so both see the same.
 */
import type { Db, Tx } from '../../../db/index';
import { accountsByIds } from '../../accounts/index';
import { submissionReader as submissions } from '../../submissions/index';
import type { PaperPeople } from './index';

export async function paperPeople(
  db: Db | Tx,
  conferenceId: number,
  papers: submissions.SubmissionRow[],
): Promise<PaperPeople[]> {
  if (!papers.length) return [];
  const ids = papers.map((p) => p.id);
  const [authors, declared, accounts] = await Promise.all([
    submissions.authorsOf(db, conferenceId, ids),
    submissions.conflictsOf(db, conferenceId, ids),
    accountsByIds(
      db,
      papers.map((p) => p.user_id),
    ),
  ]);
  return papers.map((p) => ({
    id: p.id,
    submitterUserId: p.user_id,
    submitterEmail: accounts.get(p.user_id)?.email ?? '',
    authors: (authors.get(p.id) ?? []).map((a) => ({
      name: a.name,
      surname: a.surname,
      email: a.email,
      company: a.company,
    })),
    declared: (declared.get(p.id) ?? []).map((d) => ({ email: d.email, organisation: d.organisation })),
  }));
}
