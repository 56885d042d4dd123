/** The templates a conference's managers changed (`mail_templates`); a kind without a row sends the built-in text. */
import type { Db, Tx } from '../../db/index';
import type { MailKind } from './defaultTemplates';

/** A changed template, as stored. */
export type TemplateRow = {
  conference_id: number;
  kind: MailKind;
  subject_zh: string;
  subject_en: string;
  body_zh: string;
  body_en: string;
  updated_at: string;
};

export type TemplateColumns = Pick<TemplateRow, 'subject_zh' | 'subject_en' | 'body_zh' | 'body_en' | 'updated_at'>;

export function templateRows(db: Db | Tx, conferenceId: number): Promise<TemplateRow[]> {
  return db('mail_templates').where({ conference_id: conferenceId });
}

export function templateRow(db: Db | Tx, conferenceId: number, kind: MailKind): Promise<TemplateRow | undefined> {
  return db('mail_templates').where({ conference_id: conferenceId, kind }).first();
}

/** Writes the conference's text of a kind over the one before, or as its first. */
export async function storeTemplate(
  db: Db,
  conferenceId: number,
  kind: MailKind,
  values: TemplateColumns,
): Promise<void> {
  const updated = await db('mail_templates').where({ conference_id: conferenceId, kind }).update(values);
  if (!updated) await db('mail_templates').insert({ conference_id: conferenceId, kind, ...values });
}

export async function deleteTemplate(db: Db, conferenceId: number, kind: MailKind): Promise<void> {
  await db('mail_templates').where({ conference_id: conferenceId, kind }).delete();
}
