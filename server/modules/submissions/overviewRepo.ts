/**
 * The managers' overview of the call for papers (issue 33): aggregates only, a few rows each, and
 * the manuscripts' table and session titles other features count and name with.
 */
import type { Knex } from 'knex';
import { localDaySql } from '../../platform/overviewFigures';
import type { SettingsRow } from './configRepo';
import type { Conn } from './repo';

/** Manuscripts by status, top-level session and report type, submissions per local day, and the deadlines. */
export async function submissionFigures(db: Conn, conferenceId: number, offsetMinutes: number) {
  type Row = Record<string, unknown>;
  const papers = () => db('submissions').where({ conference_id: conferenceId });
  const byStatus = ((await papers().select('status', db.raw('count(*) as n')).groupBy('status')) as Row[]).map((r) => ({
    key: String(r.status),
    n: Number(r.n),
  }));
  const bySession = (
    (await db('submission_sessions as s')
      .join('submissions as p', function joinPapers() {
        this.on('p.session_id', '=', 's.id').andOn('p.conference_id', '=', 's.conference_id');
      })
      .where('s.conference_id', conferenceId)
      .andWhere('p.active', true)
      .select('s.id', 's.title_zh', 's.title_en', 's.sort', db.raw('count(*) as n'))
      .groupBy('s.id', 's.title_zh', 's.title_en', 's.sort')
      .orderBy([{ column: 's.sort' }, { column: 's.id' }])) as Row[]
  ).map((r) => ({ id: Number(r.id), title: { zh: String(r.title_zh), en: String(r.title_en) }, n: Number(r.n) }));
  const byType = (
    (await db('submissions')
      .where('submissions.conference_id', conferenceId)
      .andWhere('submissions.active', true)
      .leftJoin('submission_terms as t', function joinTerms() {
        this.on('t.id', '=', 'submissions.report_type_id').andOn('t.conference_id', '=', 'submissions.conference_id');
      })
      .select('t.id', 't.title_zh', 't.title_en', db.raw('count(*) as n'))
      .groupBy('t.id', 't.title_zh', 't.title_en')
      .orderBy('t.id')) as Row[]
  ).map((r) => ({
    id: r.id == null ? null : Number(r.id),
    title: { zh: String(r.title_zh ?? ''), en: String(r.title_en ?? '') },
    n: Number(r.n),
  }));
  const day = localDaySql(db, 'submitted_at', offsetMinutes);
  const perDay = ((await papers().select({ day }, db.raw('count(*) as n')).groupBy('day').orderBy('day')) as Row[]).map(
    (r) => ({ day: String(r.day), n: Number(r.n) }),
  );
  const settings = await db('submission_settings')
    .where({ conference_id: conferenceId })
    .first('enabled', 'start_date', 'end_date', 'second_deadline');
  return {
    byStatus,
    bySession,
    byType,
    perDay,
    settings: settings as Pick<SettingsRow, 'enabled' | 'start_date' | 'end_date' | 'second_deadline'> | undefined,
  };
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
  const rows = await db('submission_sessions')
    .where({ conference_id: conferenceId })
    .whereNull('parent_id')
    .select('id', 'title_zh', 'title_en');
  return new Map(
    rows.map((r: Record<string, unknown>) => [Number(r.id), { zh: String(r.title_zh), en: String(r.title_en) }]),
  );
}
