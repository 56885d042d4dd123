/** The review tables' queries (migrations/026_review.ts), every one scoped by conference. */
import type { Knex } from 'knex';
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';

type Conn = Db | Tx;

export type SettingsRow = {
  conference_id: number;
  blind: number | boolean;
  chair_final: number | boolean;
  scores: string;
  reviewers_per_paper: number;
  max_per_reviewer: number;
  deadline: string | null;
  updated_at: string;
};
export type RuleRow = {
  id: number;
  conference_id: number;
  title_zh: string;
  title_en: string;
  display: number | boolean;
  enabled: number | boolean;
  sort: number;
  created_at: string;
};

export function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('review_settings').where({ conference_id: conferenceId }).first();
}

export function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return lockForUpdate(tx, tx<SettingsRow>('review_settings').where({ conference_id: conferenceId })).first();
}

export async function upsertSettings(
  tx: Tx,
  conferenceId: number,
  values: Omit<SettingsRow, 'conference_id' | 'updated_at'>,
  exists: boolean,
): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('review_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('review_settings').insert({ conference_id: conferenceId, ...row });
}

export function listRules(db: Conn, conferenceId: number): Promise<RuleRow[]> {
  return db<RuleRow>('review_rules')
    .where({ conference_id: conferenceId })
    .orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export async function countRules(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('review_rules')
    .where({ conference_id: conferenceId })
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export function insertRule(
  tx: Tx,
  conferenceId: number,
  row: Omit<RuleRow, 'id' | 'conference_id' | 'created_at'>,
): Promise<number> {
  return insertId(
    tx('review_rules').insert({ conference_id: conferenceId, ...row, created_at: toDbInstant() }, ['id']),
  );
}

/** The number of rows changed: 0 when the rule is not this conference's. */
export function updateRule(tx: Tx, conferenceId: number, id: number, values: Partial<RuleRow>): Promise<number> {
  return tx('review_rules').where({ conference_id: conferenceId, id }).update(values);
}

export function deleteRule(tx: Tx, conferenceId: number, id: number): Promise<number> {
  return tx('review_rules').where({ conference_id: conferenceId, id }).delete();
}

// ── the managers' overview (issue 33): aggregates only, a few rows each ───────────────

/**
 * Review progress (open, submitted, overdue: open and assigned before `overdueBefore`) per
 * reviewer (the `top` with most open) and per session, the overall scores of submitted reviews,
 * and the manuscripts waiting for a decision. `manuscripts` is the submissions feature's derived
 * table (id, session_id, status, active).
 */
export async function reviewFigures(
  db: Conn,
  conferenceId: number,
  manuscripts: Knex.QueryBuilder,
  overdueBefore: Date,
  top = 20,
) {
  type Row = Record<string, unknown>;
  const cutoff = toDbInstant(overdueBefore);
  const progress = [
    db.raw("sum(case when r.state in ('assigned', 'draft') then 1 else 0 end) as open"),
    db.raw("sum(case when r.state = 'submitted' then 1 else 0 end) as submitted"),
    db.raw("sum(case when r.state in ('assigned', 'draft') and r.assigned_at < ? then 1 else 0 end) as overdue", [
      cutoff,
    ]),
  ];
  const counts = (r: Row) => ({
    open: Number(r.open) || 0,
    submitted: Number(r.submitted) || 0,
    overdue: Number(r.overdue) || 0,
  });
  const perReviewer = (
    (await db('reviews as r')
      .join('reviewers as v', 'v.id', 'r.reviewer_id')
      .where('r.conference_id', conferenceId)
      .select('v.id', 'v.full_name', 'v.email', ...progress)
      .groupBy('v.id', 'v.full_name', 'v.email')
      .orderByRaw('open desc, overdue desc, v.id')
      .limit(top)) as Row[]
  ).map((r) => ({ id: Number(r.id), name: String(r.full_name || r.email), ...counts(r) }));
  const perSession = (
    (await db('reviews as r')
      .join(manuscripts.as('p'), 'p.id', 'r.submission_id')
      .where('r.conference_id', conferenceId)
      .select('p.session_id', ...progress)
      .groupBy('p.session_id')
      .orderBy('p.session_id')) as Row[]
  ).map((r) => ({ session: Number(r.session_id), ...counts(r) }));
  const overall = db.raw("json_extract(r.scores, '$.overall')");
  const scores = (
    (await db('reviews as r')
      .where({ 'r.conference_id': conferenceId, 'r.state': 'submitted' })
      .whereRaw("json_extract(r.scores, '$.overall') is not null")
      .select({ score: overall }, db.raw('count(*) as n'))
      .groupBy('score')
      .orderBy('score')) as Row[]
  )
    .map((r) => ({ score: Number(r.score), n: Number(r.n) }))
    .filter((r) => Number.isFinite(r.score));
  // Waiting for a decision: under review; ready: every review of it is in (one pass over the reviews, grouped per manuscript).
  const perPaper = db('reviews')
    .where({ conference_id: conferenceId })
    .groupBy('submission_id')
    .select(
      'submission_id',
      db.raw("sum(case when state = 'submitted' then 1 else 0 end) as done"),
      db.raw("sum(case when state in ('assigned', 'draft') then 1 else 0 end) as todo"),
    );
  const waiting =
    (
      (await db
        .from(manuscripts.as('p'))
        .leftJoin(perPaper.as('q'), 'q.submission_id', 'p.id')
        .where('p.active', true)
        .whereIn('p.status', ['assigned', 'resubmitted'])
        .select(
          db.raw('count(*) as n'),
          db.raw('sum(case when q.done > 0 and q.todo = 0 then 1 else 0 end) as ready'),
        )) as Row[]
    )[0] ?? {};
  return { perReviewer, perSession, scores, pending: Number(waiting.n) || 0, ready: Number(waiting.ready) || 0 };
}
