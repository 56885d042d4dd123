/**
 * knex queries of uploads that other features use. The files module owns `files` and
 * `upload_budgets` (server/db/owners.ts): a feature that keeps uploads (registration answers,
 * feedback attachments) keeps their ids, reads them here, claims temporary ones with
 * FilesService.claimTemporary and deletes them with deleteFiles, in its own transaction. The
 * one sweeper of unclaimed temporary uploads is files.sweepTemporary (./jobs.ts).
 */
import type { Db, Tx } from '../../db/index';

type Conn = Db | Tx;

/** An upload as other features see it (`storedName` is the name in its URL). */
export type FileInfo = { id: number; kind: string; storedName: string; originalName: string; contentType: string; size: number; createdBy: number | null };

type Row = { id: number; kind: string; stored_name: string; original_name: string; content_type: string; size: number; created_by: number | null };

const COLUMNS = ['id', 'kind', 'stored_name', 'original_name', 'content_type', 'size', 'created_by'];

function info(r: Row): FileInfo {
  return { id: Number(r.id), kind: r.kind, storedName: r.stored_name, originalName: r.original_name, contentType: r.content_type, size: Number(r.size), createdBy: r.created_by === null ? null : Number(r.created_by) };
}

/** These uploads of the conference, by id order; ids of other conferences are not found. */
export async function filesByIds(db: Conn, conferenceId: number, ids: number[]): Promise<FileInfo[]> {
  if (!ids.length) return [];
  const rows: Row[] = await db('files').where({ conference_id: conferenceId }).whereIn('id', [...new Set(ids)]).orderBy('id').select(COLUMNS);
  return rows.map(info);
}

/** Kept (claimed) uploads of the conference among these stored names. */
export async function keptFilesNamed(db: Conn, conferenceId: number, storedNames: string[]): Promise<FileInfo[]> {
  const names = [...new Set(storedNames.filter(Boolean))];
  if (!names.length) return [];
  const rows: Row[] = await db('files').where({ conference_id: conferenceId, temporary: false }).whereIn('stored_name', names).select(COLUMNS);
  return rows.map(info);
}

/** Unclaimed temporary uploads of the conference among these stored names. */
export async function temporaryFilesNamed(db: Conn, conferenceId: number, storedNames: string[]): Promise<FileInfo[]> {
  if (!storedNames.length) return [];
  const rows: Row[] = await db('files').where({ conference_id: conferenceId, temporary: true }).whereIn('stored_name', storedNames).select(COLUMNS);
  return rows.map(info);
}

/** The kind of an upload of the conference, by its stored name (null: not this conference's). */
export async function kindOfFile(db: Conn, conferenceId: number, storedName: string): Promise<string | null> {
  const row = await db('files').where({ conference_id: conferenceId, stored_name: storedName }).first('kind');
  return row ? String(row.kind) : null;
}

/**
 * Deletes the rows of these uploads in the caller's transaction (what links to them goes with
 * them). Their stored bytes stay until the caller, after its commit, calls FilesService.removeStored.
 */
export async function deleteFiles(tx: Tx, conferenceId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx('files').where({ conference_id: conferenceId }).whereIn('id', ids).delete();
}
