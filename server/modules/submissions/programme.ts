/**
 * What the programme (issue 34) reads of the manuscripts: the accepted ones with their session,
 * report type and authors (the submitter's account named on the author who has its address), and
 * the status of any manuscript it placed, so an item whose paper is no longer accepted is a
 * conflict. Read only; the programme never writes these tables.
 */
import type { Db, Tx } from '../../db/index';
import { accountsByIds } from '../accounts/index';
import { submissionsStamp } from './repo';
import {
  acceptedManuscripts,
  programmeAuthors,
  reportTypesOf,
  topSessionsAndReportTypes,
  type ProgrammeAuthorRow,
} from './programmeRepo';

export type ProgrammeAuthor = {
  name: string;
  unit: string;
  email: string;
  accountId: number | null;
  presenting: boolean;
};

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

export type ProgrammeTerms = {
  sessions: Array<{ id: number; title: { zh: string; en: string } }>;
  reportTypes: Array<{ id: number; title: { zh: string; en: string } }>;
};

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
export async function programmeManuscripts(
  db: Db | Tx,
  conferenceId: number,
  alsoIds: number[] = [],
): Promise<ProgrammeManuscript[]> {
  const rows = await acceptedManuscripts(db, conferenceId, alsoIds);
  if (!rows.length) return [];
  const authors = await programmeAuthors(
    db,
    conferenceId,
    rows.map((r) => r.id),
  );
  const submitters = await accountsByIds(
    db,
    rows.map((r) => r.user_id),
  );
  const bySubmission = new Map<number, ProgrammeAuthorRow[]>();
  for (const a of authors) {
    const list = bySubmission.get(a.submission_id) ?? [];
    list.push(a);
    bySubmission.set(a.submission_id, list);
  }
  return rows.map((r) => {
    const submitter = (submitters.get(r.user_id)?.email ?? '').toLowerCase();
    const list = bySubmission.get(r.id) ?? [];
    const own = list.findIndex((a) => String(a.email).toLowerCase() === submitter);
    const presenting = own >= 0 ? own : 0;
    return {
      id: r.id,
      number: String(r.number),
      title: String(r.title),
      sessionId: r.session_id,
      reportTypeId: r.report_type_id ?? null,
      abstract: String(r.abstract ?? ''),
      keywords: String(r.keywords ?? ''),
      accepted: r.status === 'accepted' && Boolean(r.active),
      authors: list.map((a, i) => ({
        name: personName(String(a.name), String(a.surname)),
        unit: String(a.company ?? ''),
        email: String(a.email ?? ''),
        accountId: i === own ? r.user_id : null,
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
export function programmeReportTypes(
  db: Db | Tx,
  conferenceId: number,
  ids: number[],
): Promise<Map<number, number | null>> {
  return reportTypesOf(db, conferenceId, ids);
}

/** The top-level sessions and the report types of a conference's call. */
export async function programmeTerms(db: Db | Tx, conferenceId: number): Promise<ProgrammeTerms> {
  const { sessions, reportTypes } = await topSessionsAndReportTypes(db, conferenceId);
  const pair = (r: { id: number; title_zh: string; title_en: string }) => ({
    id: r.id,
    title: { zh: r.title_zh, en: r.title_en },
  });
  return { sessions: sessions.map(pair), reportTypes: reportTypes.map(pair) };
}
