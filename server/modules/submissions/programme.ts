/**
 * What the programme (issue 34) reads of the manuscripts: the accepted ones with their session,
 * report type and authors (the submitter's account named on the author who has its address), and
 * the status of any manuscript it placed, so an item whose paper is no longer accepted is a
 * conflict. Read only; the programme never writes these tables.
 */
import type { Db, Tx } from '../../db/index';
import { accountsByIds } from '../accounts/index';
import { submissionsStamp } from './repo';

export type ProgrammeAuthor = { name: string; unit: string; email: string; accountId: number | null; presenting: boolean };

export type ProgrammeManuscript = {
  id: number;
  number: string;
  title: string;
  sessionId: number;
  reportTypeId: number | null;
  abstract: string;
  keywords: string;
  accepted: boolean;
  authors: ProgrammeAuthor[];
};

export type ProgrammeTerms = { sessions: Array<{ id: number; title: { zh: string; en: string } }>; reportTypes: Array<{ id: number; title: { zh: string; en: string } }> };

const CJK = /[\u3400-\u9fff]/;
/** A name as it is written: family name first in Chinese, given name first otherwise. */
export function personName(name: string, surname: string): string {
  return CJK.test(name + surname) ? `${surname}${name}`.trim() : `${name} ${surname}`.trim();
}

/**
 * The accepted, active manuscripts of a conference, and also those named in `alsoIds` whatever
 * their status (a placed paper since withdrawn or rejected). The presenting author is the one
 * with the submitter's address, else the first.
 */
export async function programmeManuscripts(db: Db | Tx, conferenceId: number, alsoIds: number[] = []): Promise<ProgrammeManuscript[]> {
  const rows: Array<Record<string, unknown>> = await db('submissions as s')
    .where('s.conference_id', conferenceId)
    .andWhere((q) => {
      q.where((a) => a.where('s.status', 'accepted').andWhere('s.active', true));
      if (alsoIds.length) q.orWhereIn('s.id', alsoIds);
    })
    .orderBy('s.id')
    .select('s.id', 's.number', 's.title', 's.session_id', 's.report_type_id', 's.abstract', 's.keywords', 's.status', 's.active', 's.user_id');
  if (!rows.length) return [];
  const authors: Array<Record<string, unknown>> = [];
  const ids = rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 1000) {
    authors.push(...(await db('submission_authors').where('conference_id', conferenceId).whereIn('submission_id', ids.slice(i, i + 1000)).orderBy(['submission_id', 'position']).select('submission_id', 'name', 'surname', 'email', 'company')));
  }
  const submitters = await accountsByIds(db, rows.map((r) => Number(r.user_id)));
  const bySubmission = new Map<number, Array<Record<string, unknown>>>();
  for (const a of authors) {
    const list = bySubmission.get(Number(a.submission_id)) ?? [];
    list.push(a);
    bySubmission.set(Number(a.submission_id), list);
  }
  return rows.map((r) => {
    const submitter = (submitters.get(Number(r.user_id))?.email ?? '').toLowerCase();
    const list = bySubmission.get(Number(r.id)) ?? [];
    const own = list.findIndex((a) => String(a.email).toLowerCase() === submitter);
    const presenting = own >= 0 ? own : 0;
    return {
      id: Number(r.id),
      number: String(r.number),
      title: String(r.title),
      sessionId: Number(r.session_id),
      reportTypeId: r.report_type_id == null ? null : Number(r.report_type_id),
      abstract: String(r.abstract ?? ''),
      keywords: String(r.keywords ?? ''),
      accepted: r.status === 'accepted' && Boolean(r.active),
      authors: list.map((a, i) => ({
        name: personName(String(a.name), String(a.surname)),
        unit: String(a.company ?? ''),
        email: String(a.email ?? ''),
        accountId: i === own ? Number(r.user_id) : null,
        presenting: i === presenting,
      })),
    };
  });
}

/**
 * A fingerprint of the conference's manuscripts: how many there are and the latest change to one
 * (every write of a manuscript, its status or its authors touches `updated_at`, to the
 * millisecond). The programme keeps what `programmeManuscripts` read while this stays the same.
 */
export function programmeManuscriptsStamp(db: Db | Tx, conferenceId: number): Promise<string> {
  return submissionsStamp(db, conferenceId);
}

/** The report type of each of these manuscripts of the conference (a paper's default length), read alone. */
export async function programmeReportTypes(db: Db | Tx, conferenceId: number, ids: number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await db('submissions').where('conference_id', conferenceId).whereIn('id', ids.slice(i, i + 500)).select('id', 'report_type_id')) as Array<{ id: number; report_type_id: number | null }>;
    for (const r of rows) out.set(Number(r.id), r.report_type_id == null ? null : Number(r.report_type_id));
  }
  return out;
}

/** The top-level sessions and the report types of a conference's call. */
export async function programmeTerms(db: Db | Tx, conferenceId: number): Promise<ProgrammeTerms> {
  const [sessions, types] = await Promise.all([
    db('submission_sessions').where({ conference_id: conferenceId }).whereNull('parent_id').orderBy(['sort', 'id']).select('id', 'title_zh', 'title_en'),
    db('submission_terms').where({ conference_id: conferenceId, kind: 'reportType' }).orderBy(['sort', 'id']).select('id', 'title_zh', 'title_en'),
  ]);
  const pair = (r: Record<string, unknown>) => ({ id: Number(r.id), title: { zh: String(r.title_zh), en: String(r.title_en) } });
  return { sessions: sessions.map(pair), reportTypes: types.map(pair) };
}
