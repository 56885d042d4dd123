/**
 * Queries of the call for papers' configuration: its settings (the row the submission limits
 * lock), its sessions and terms, and the submission fee's settings. Every function takes the
 * conference first.
 */
import type { CapacityLock } from '../../db/capacity';
import type { Tx } from '../../db/index';
import { fromDbInstant, insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { SubmissionStatus, TermKind } from '../../contract/submissions';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { Conn } from './repo';

export type SettingsRow = {
  conference_id: number;
  enabled: number | boolean;
  start_date: string;
  end_date: string;
  second_deadline: string;
  abstract_mode: string;
  abstract_max_chars: number;
  abstract_file: string;
  full_text: string;
  author_info: string;
  category_mode: string;
  report_type_mode: string;
  keywords_mode: string;
  limit_per_person: number | boolean;
  max_per_person: number;
  max_total: number;
  instructions_zh: string;
  instructions_en: string;
  edit_after_accept: number | boolean;
  layout: string;
  book_version: number;
  saved: number | boolean;
  updated_at: string;
};

export type SessionRow = {
  id: number;
  conference_id: number;
  parent_id: number | null;
  title_zh: string;
  title_en: string;
  prefix: string;
  sort: number;
  last_seq: number;
};

export type TermRow = {
  id: number;
  conference_id: number;
  kind: TermKind;
  title_zh: string;
  title_en: string;
  sort: number;
};

export function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('submission_settings').where({ conference_id: conferenceId }).first();
}

/** The settings row under its lock: the limits are counted while it is held. */
export async function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow | undefined> {
  return lockForUpdate(tx, tx<SettingsRow>('submission_settings').where({ conference_id: conferenceId })).first();
}

export async function upsertSettings(
  tx: Tx,
  conferenceId: number,
  values: Partial<SettingsRow>,
  exists: boolean,
): Promise<void> {
  const row = { ...values, updated_at: toDbInstant() };
  if (exists) await tx('submission_settings').where({ conference_id: conferenceId }).update(row);
  else await tx('submission_settings').insert({ conference_id: conferenceId, ...row });
}

/** Something the book prints changed: a cached book is stale from now on. */
export async function bumpBook(conn: Conn, conferenceId: number): Promise<void> {
  await conn('submission_settings').where({ conference_id: conferenceId }).increment('book_version', 1);
}

export function listSessions(db: Conn, conferenceId: number): Promise<SessionRow[]> {
  return db<SessionRow>('submission_sessions')
    .where({ conference_id: conferenceId })
    .orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export function findSession(db: Conn, conferenceId: number, id: number): Promise<SessionRow | undefined> {
  return db<SessionRow>('submission_sessions').where({ conference_id: conferenceId, id }).first();
}

export async function lockSession(tx: Tx, conferenceId: number, id: number): Promise<SessionRow | undefined> {
  return lockForUpdate(tx, tx<SessionRow>('submission_sessions').where({ conference_id: conferenceId, id })).first();
}

export function insertSession(
  tx: Tx,
  conferenceId: number,
  row: Omit<SessionRow, 'id' | 'conference_id' | 'last_seq'>,
): Promise<number> {
  return insertId(tx('submission_sessions').insert({ conference_id: conferenceId, last_seq: 0, ...row }, ['id']));
}

export async function updateSession(
  tx: Tx,
  conferenceId: number,
  id: number,
  values: Partial<SessionRow>,
): Promise<void> {
  await tx('submission_sessions').where({ conference_id: conferenceId, id }).update(values);
}

export async function deleteSession(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('submission_sessions').where({ conference_id: conferenceId, id }).delete();
}

export function listTerms(db: Conn, conferenceId: number): Promise<TermRow[]> {
  return db<TermRow>('submission_terms')
    .where({ conference_id: conferenceId })
    .orderBy([{ column: 'sort' }, { column: 'id' }]);
}

export function findTerm(db: Conn, conferenceId: number, kind: TermKind, id: number): Promise<TermRow | undefined> {
  return db<TermRow>('submission_terms').where({ conference_id: conferenceId, kind, id }).first();
}

export function insertTerm(tx: Tx, conferenceId: number, row: Omit<TermRow, 'id' | 'conference_id'>): Promise<number> {
  return insertId(tx('submission_terms').insert({ conference_id: conferenceId, ...row }, ['id']));
}

export async function updateTerm(
  tx: Tx,
  conferenceId: number,
  kind: TermKind,
  id: number,
  values: Partial<TermRow>,
): Promise<void> {
  await tx('submission_terms').where({ conference_id: conferenceId, kind, id }).update(values);
}

export async function deleteTerm(tx: Tx, conferenceId: number, kind: TermKind, id: number): Promise<void> {
  await tx('submission_terms').where({ conference_id: conferenceId, kind, id }).delete();
}

/** The row the submission limits lock (the capacity helper) before they count the manuscripts. */
export function settingsLock(conferenceId: number): CapacityLock {
  return { table: 'submission_settings', where: { conference_id: conferenceId } };
}

/** Whether a manuscript is filed directly under this session (not under one of its sub-sessions). */
export async function filedDirectlyUnder(db: Conn, conferenceId: number, sessionId: number): Promise<boolean> {
  return Boolean(
    await db('submissions')
      .where({ conference_id: conferenceId, session_id: sessionId })
      .whereNull('sub_session_id')
      .first('id'),
  );
}

/** The statuses of a person's manuscripts in a conference, the withdrawn left out (each once). */
export async function statusesOfAuthor(db: Conn, conferenceId: number, userId: number): Promise<SubmissionStatus[]> {
  const rows: Array<{ status: SubmissionStatus }> = await db('submissions')
    .where({ conference_id: conferenceId, user_id: userId })
    .whereNot('status', 'withdrawn')
    .distinct('status');
  return rows.map((r) => r.status);
}

/** Whether any manuscript (withdrawn ones too: they keep their session) uses the column's value. */
export async function used(
  db: Conn,
  conferenceId: number,
  column: 'session_id' | 'sub_session_id' | 'report_type_id' | 'category_id',
  id: number,
): Promise<boolean> {
  return Boolean(
    await db('submissions')
      .where({ conference_id: conferenceId, [column]: id })
      .first('id'),
  );
}

export type FeeSettingsRow = {
  conference_id: number;
  enabled: number | boolean;
  amount: number | string;
  currency: string;
  rule: string;
  updated_at: string;
};

/** The submission fee's settings as the feature reads them: the price as `Money`, the instant as `Date`. */
export type FeeSettings = Omit<FeeSettingsRow, 'amount' | 'currency' | 'updated_at'> & {
  price: Money;
  updated_at: Date;
};

export async function findFeeSettings(db: Conn, conferenceId: number): Promise<FeeSettings | undefined> {
  const row = await db<FeeSettingsRow>('submission_fee_settings').where({ conference_id: conferenceId }).first();
  if (!row) return undefined;
  const { amount, currency, ...rest } = row;
  return { ...rest, price: moneyFromColumn(amount, currency), updated_at: fromDbInstant(row.updated_at)! };
}

export async function saveFeeSettings(
  db: Conn,
  conferenceId: number,
  v: { enabled: boolean; amount: number; currency: string; rule: string },
): Promise<void> {
  await db('submission_fee_settings')
    .insert({ conference_id: conferenceId, ...v, updated_at: toDbInstant() })
    .onConflict('conference_id')
    .merge();
}
