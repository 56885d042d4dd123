/**
 * Queries of the registration's configuration: its settings row (the row the registration
 * transaction locks, which also carries the code numbering) and its form versions. Every function
 * takes the conference first.
 */

import { toDbInstant } from '../../db/dialect';
import type { CapacityLock, LockedRow } from '../../db/capacity';
import { cachedDataChanged } from '../../platform/changes';
import type { Conn } from './repo';

export type SettingsRow = {
  conference_id: number;
  start_date: string;
  end_date: string;
  instructions_zh: string | null;
  instructions_en: string | null;
  register_rule: string;
  costs_set: number | boolean;
  code_prefix: string;
  edit_after_close: number | boolean;
  allow_withdraw: number | boolean;
  last_seq: number;
  updated_at: string;
};

export type FormRow = {
  id: number;
  conference_id: number;
  version: string;
  rules: string;
  created_at: string;
  updated_at: string;
};

export async function findSettings(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('registration_settings').where({ conference_id: conferenceId }).first();
}

/** Creates the settings row when missing (the row the registration transaction locks). */
export async function ensureSettings(db: Conn, conferenceId: number): Promise<void> {
  if (await findSettings(db, conferenceId)) return;
  try {
    await db('registration_settings').insert({ conference_id: conferenceId, updated_at: toDbInstant() });
  } catch {
    // Another request created it at the same moment: the row exists either way.
  }
}

/** The last code number on the settings row as the capacity helper locked it (settingsLock). */
export function lastSeqOf(locked: LockedRow): number {
  return Number(locked.last_seq);
}

/** The row the registration transaction locks (server/db/capacity.ts): the cap and the numbering. */
export function settingsLock(conferenceId: number): CapacityLock {
  return { table: 'registration_settings', where: { conference_id: conferenceId } };
}

export async function updateSettings(
  db: Conn,
  conferenceId: number,
  values: Partial<Omit<SettingsRow, 'conference_id'>>,
): Promise<void> {
  await db('registration_settings')
    .where({ conference_id: conferenceId })
    .update({ ...values, updated_at: toDbInstant() });
  // The registration page keeps the settings (pageState.ts); the numbering alone is not shown there.
  if (Object.keys(values).some((key) => key !== 'last_seq')) cachedDataChanged(db, { conferenceId });
}

export async function findForm(db: Conn, conferenceId: number, version: string): Promise<FormRow | undefined> {
  return db<FormRow>('registration_forms').where({ conference_id: conferenceId, version }).first();
}

export async function listForms(db: Conn, conferenceId: number): Promise<FormRow[]> {
  return db<FormRow>('registration_forms').where({ conference_id: conferenceId }).orderBy('id');
}

export async function upsertForm(db: Conn, conferenceId: number, version: string, rules: string): Promise<void> {
  const now = toDbInstant();
  const updated = await db('registration_forms')
    .where({ conference_id: conferenceId, version })
    .update({ rules, updated_at: now });
  if (!updated)
    await db('registration_forms').insert({
      conference_id: conferenceId,
      version,
      rules,
      created_at: now,
      updated_at: now,
    });
  cachedDataChanged(db, { conferenceId });
}

export async function deleteForm(db: Conn, conferenceId: number, version: string): Promise<number> {
  const deleted = await db('registration_forms').where({ conference_id: conferenceId, version }).delete();
  cachedDataChanged(db, { conferenceId });
  return deleted;
}
