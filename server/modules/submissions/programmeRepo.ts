/**
 * The queries behind what the programme reads of the manuscripts (programme.ts): read only, each
 * scoped by the conference.
 */
import type { Db, Tx } from '../../db/index';
import type { SubmissionStatus } from '../../contract/submissions';

type Conn = Db | Tx;

export type ProgrammeManuscriptRow = {
  id: number;
  number: string;
  title: string;
  session_id: number;
  report_type_id: number | null;
  abstract: string | null;
  keywords: string | null;
  status: SubmissionStatus;
  active: number | boolean;
  user_id: number;
};
export type ProgrammeAuthorRow = {
  submission_id: number;
  name: string;
  surname: string;
  email: string | null;
  company: string | null;
};

/** The accepted, active manuscripts of a conference and those named in `alsoIds` whatever their status, by id. */
export function acceptedManuscripts(
  db: Conn,
  conferenceId: number,
  alsoIds: number[],
): Promise<ProgrammeManuscriptRow[]> {
  return db('submissions as s')
    .where('s.conference_id', conferenceId)
    .andWhere((q) => {
      q.where((a) => a.where('s.status', 'accepted').andWhere('s.active', true));
      if (alsoIds.length) q.orWhereIn('s.id', alsoIds);
    })
    .orderBy('s.id')
    .select(
      's.id',
      's.number',
      's.title',
      's.session_id',
      's.report_type_id',
      's.abstract',
      's.keywords',
      's.status',
      's.active',
      's.user_id',
    );
}

/** The authors of these manuscripts, by manuscript and position. */
export async function programmeAuthors(db: Conn, conferenceId: number, ids: number[]): Promise<ProgrammeAuthorRow[]> {
  const authors: ProgrammeAuthorRow[] = [];
  // Chunks keep the IN list within what both databases take comfortably.
  for (let i = 0; i < ids.length; i += 1000) {
    authors.push(
      ...(await db('submission_authors')
        .where('conference_id', conferenceId)
        .whereIn('submission_id', ids.slice(i, i + 1000))
        .orderBy(['submission_id', 'position'])
        .select('submission_id', 'name', 'surname', 'email', 'company')),
    );
  }
  return authors;
}

/** The report type of each of these manuscripts. */
export async function reportTypesOf(
  db: Conn,
  conferenceId: number,
  ids: number[],
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows: Array<{ id: number; report_type_id: number | null }> = await db('submissions')
      .where('conference_id', conferenceId)
      .whereIn('id', ids.slice(i, i + 500))
      .select('id', 'report_type_id');
    for (const r of rows) out.set(r.id, r.report_type_id);
  }
  return out;
}

type TitledRow = { id: number; title_zh: string; title_en: string };

/** The top-level sessions and the report types of a conference's call, in their order. */
export async function topSessionsAndReportTypes(
  db: Conn,
  conferenceId: number,
): Promise<{ sessions: TitledRow[]; reportTypes: TitledRow[] }> {
  const [sessions, reportTypes] = await Promise.all([
    db('submission_sessions')
      .where({ conference_id: conferenceId })
      .whereNull('parent_id')
      .orderBy(['sort', 'id'])
      .select('id', 'title_zh', 'title_en'),
    db('submission_terms')
      .where({ conference_id: conferenceId, kind: 'reportType' })
      .orderBy(['sort', 'id'])
      .select('id', 'title_zh', 'title_en'),
  ]);
  return { sessions, reportTypes };
}
