/**
 * The `document_templates` table (migration 010): a conference's setting for each document type.
 * An absent row is the system default.
 */
import type { Db } from '../../db/index';
import type { DocumentType, EnabledType } from '../../contract/documents';

export type TemplateRow = {
  conference_id: number;
  type: DocumentType;
  enabled_type: EnabledType;
  /** a stored file of the conference (an image uploaded as kind 'banner') */
  background_file: string | null;
  /** the DocumentLayout of server/contract/documents.ts, as JSON */
  layout: string | null;
  updated_at: string;
};

export type TemplateValues = Pick<TemplateRow, 'enabled_type' | 'background_file' | 'layout' | 'updated_at'>;

export function templateOf(db: Db, conferenceId: number, type: DocumentType): Promise<TemplateRow | undefined> {
  return db('document_templates').where({ conference_id: conferenceId, type }).first();
}

/** Each type's setting that the conference saved (the others are the default). */
export function enabledTypesOf(
  db: Db,
  conferenceId: number,
): Promise<Array<Pick<TemplateRow, 'type' | 'enabled_type'>>> {
  return db('document_templates').where({ conference_id: conferenceId }).select('type', 'enabled_type');
}

/** Saves a type's setting: the row is updated, or written the first time. */
export async function saveTemplate(
  db: Db,
  conferenceId: number,
  type: DocumentType,
  values: TemplateValues,
): Promise<void> {
  const key = { conference_id: conferenceId, type };
  const updated = await db('document_templates').where(key).update(values);
  if (!updated) await db('document_templates').insert({ ...key, ...values });
}
