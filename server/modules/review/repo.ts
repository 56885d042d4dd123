/** The review tables' queries (migrations/026_review.ts), every one scoped by conference. */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';

type Conn = Db | Tx;

export type SettingsRow = { conference_id: number; blind: number | boolean; chair_final: number | boolean; scores: string; reviewers_per_paper: number; max_per_reviewer: number; updated_at: string };
export type RuleRow = { id: number; conference_id: number; title_zh: string; title_en: string; display: number | boolean; enabled: number | boolean; sort: number; created_at: string };

export function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('review_settings').where({ conference_id: conferenceId }).first();
}

export function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return lockForUpdate(tx, tx<SettingsRow>('review_settings').where({ conference_id: conferenceId })).first();
}

export async function upsertSettings(tx: Tx, conferenceId: number, values: Omit<SettingsRow, 'conference_id' | 'updated_at'>, exists: boolean): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('review_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('review_settings').insert({ conference_id: conferenceId, ...row });
}

export function listRules(db: Conn, conferenceId: number): Promise<RuleRow[]> {
  return db<RuleRow>('review_rules').where({ conference_id: conferenceId }).orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export async function countRules(db: Conn, conferenceId: number): Promise<number> {
  const row = await db('review_rules').where({ conference_id: conferenceId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function insertRule(tx: Tx, conferenceId: number, row: Omit<RuleRow, 'id' | 'conference_id' | 'created_at'>): Promise<number> {
  return insertId(tx('review_rules').insert({ conference_id: conferenceId, ...row, created_at: toDbInstant() }, ['id']));
}

/** The number of rows changed: 0 when the rule is not this conference's. */
export function updateRule(tx: Tx, conferenceId: number, id: number, values: Partial<RuleRow>): Promise<number> {
  return tx('review_rules').where({ conference_id: conferenceId, id }).update(values);
}

export function deleteRule(tx: Tx, conferenceId: number, id: number): Promise<number> {
  return tx('review_rules').where({ conference_id: conferenceId, id }).delete();
}
