/**
 * The files module's tables (server/db/owners.ts): `files`, one row per upload, and
 * `upload_budgets`, the byte counters of temporary uploads (./temporary.ts).
 *
 * The exported reads of uploads are what other features use: a feature that keeps uploads
 * (registration answers, feedback attachments) keeps their ids, reads them here, claims temporary
 * ones with FilesService.claimTemporary and deletes them with deleteFiles, in its own transaction.
 * The one sweeper of unclaimed temporary uploads is files.sweepTemporary (./jobs.ts).
 */
import type { Db, Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import type { UploadKind } from '../../contract/files';
import { readByIdChunks } from '../../db/idChunks';

type Conn = Db | Tx;

export type FileRow = {
  id: number;
  conference_id: number;
  /** what it was uploaded as (contract/files.ts UploadKind) */
  kind: UploadKind;
  stored_name: string;
  original_name: string;
  content_type: string;
  size: number;
  created_by: number | null;
  created_at: string;
  /** made before its form was saved, not claimed yet (written as a boolean, read back as 0 or 1) */
  temporary: boolean | 0 | 1;
};

/** A budget's counter; conference 0 is the platform's total. */
export type UploadBudgetRow = { conference_id: number; temporary_bytes: number };

/** An upload as other features see it (`storedName` is the name in its URL). */
export type FileInfo = {
  id: number;
  kind: string;
  storedName: string;
  originalName: string;
  contentType: string;
  size: number;
  createdBy: number | null;
};

type Row = Pick<FileRow, 'id' | 'kind' | 'stored_name' | 'original_name' | 'content_type' | 'size' | 'created_by'>;

const COLUMNS = ['id', 'kind', 'stored_name', 'original_name', 'content_type', 'size', 'created_by'] as const;

function info(r: Row): FileInfo {
  return {
    id: Number(r.id),
    kind: r.kind,
    storedName: r.stored_name,
    originalName: r.original_name,
    contentType: r.content_type,
    size: Number(r.size),
    createdBy: r.created_by === null ? null : Number(r.created_by),
  };
}

/** These uploads of the conference, by id order; ids of other conferences are not found. */
export async function filesByIds(db: Conn, conferenceId: number, ids: number[]): Promise<FileInfo[]> {
  const rows: Row[] = await readByIdChunks(ids, (slice) =>
    db('files').where({ conference_id: conferenceId }).whereIn('id', slice).orderBy('id').select(COLUMNS),
  );
  return rows.map(info);
}

/** Kept (claimed) uploads of the conference among these stored names. */
export async function keptFilesNamed(db: Conn, conferenceId: number, storedNames: string[]): Promise<FileInfo[]> {
  const names = [...new Set(storedNames.filter(Boolean))];
  if (!names.length) return [];
  const rows: Row[] = await db('files')
    .where({ conference_id: conferenceId, temporary: false })
    .whereIn('stored_name', names)
    .select(COLUMNS);
  return rows.map(info);
}

/** Unclaimed temporary uploads of the conference among these stored names. */
export async function temporaryFilesNamed(db: Conn, conferenceId: number, storedNames: string[]): Promise<FileInfo[]> {
  if (!storedNames.length) return [];
  const rows: Row[] = await db('files')
    .where({ conference_id: conferenceId, temporary: true })
    .whereIn('stored_name', storedNames)
    .select(COLUMNS);
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

// ── the files module's own queries ───────────────────────────────────────────────────────────

/** What an upload's row records (its id and time are given here). */
export type NewFile = Pick<
  FileRow,
  'kind' | 'stored_name' | 'original_name' | 'content_type' | 'size' | 'created_by'
> & { temporary: boolean };

export async function insertFile(db: Db, conferenceId: number, file: NewFile): Promise<FileRow> {
  const { temporary, ...values } = file;
  const id = await insertId(
    db('files').insert({
      conference_id: conferenceId,
      ...values,
      created_at: toDbInstant(),
      ...(temporary ? { temporary: true } : {}),
    }),
  );
  return (await fileById(db, conferenceId, id))!;
}

export function fileById(db: Db, conferenceId: number, id: number): Promise<FileRow | undefined> {
  return db('files').where({ conference_id: conferenceId, id }).first();
}

export function fileNamed(db: Db, conferenceId: number, storedName: string): Promise<FileRow | undefined> {
  return db('files').where({ conference_id: conferenceId, stored_name: storedName }).first();
}

/** The conference's uploads of these kinds, newest first. */
export function filesOfKinds(db: Db, conferenceId: number, kinds: UploadKind[]): Promise<FileRow[]> {
  return db('files').where({ conference_id: conferenceId }).whereIn('kind', kinds).orderBy('id', 'desc');
}

export async function deleteFile(db: Db, conferenceId: number, id: number): Promise<void> {
  await db('files').where({ conference_id: conferenceId, id }).delete();
}

/** The unclaimed temporary uploads of the conference among these ids. */
export async function temporaryFilesByIds(
  tx: Tx,
  conferenceId: number,
  ids: number[],
): Promise<Array<Pick<FileRow, 'id' | 'size'>>> {
  const rows = await tx('files')
    .where({ conference_id: conferenceId, temporary: true })
    .whereIn('id', ids)
    .select('id', 'size');
  return rows.map((r) => ({ id: Number(r.id), size: Number(r.size) }));
}

/**
 * Makes a temporary upload permanent, when it still is one: one conditional update, so the row
 * lock decides between two claims (or a claim and a sweep). Answers whether this call claimed it.
 */
export async function claimFile(tx: Tx, conferenceId: number, id: number): Promise<boolean> {
  return (
    (await tx('files').where({ conference_id: conferenceId, id, temporary: true }).update({ temporary: false })) > 0
  );
}

/** Up to `limit` temporary uploads, of any conference, made before `before` (the sweeper's batch). */
export async function staleTemporaryFiles(
  db: Db,
  before: Date,
  limit: number,
): Promise<Array<Pick<FileRow, 'id' | 'conference_id' | 'stored_name' | 'size'>>> {
  const rows = await db('files')
    .where({ temporary: true })
    .andWhere('created_at', '<', toDbInstant(before))
    .select('id', 'conference_id', 'stored_name', 'size')
    .orderBy('id')
    .limit(limit);
  return rows.map((r) => ({
    id: Number(r.id),
    conference_id: Number(r.conference_id),
    stored_name: r.stored_name,
    size: Number(r.size),
  }));
}

/** Deletes a temporary upload's row while it is still temporary (a form may have just claimed it). */
export async function deleteTemporaryFile(db: Db, conferenceId: number, id: number): Promise<boolean> {
  return (await db('files').where({ id, conference_id: conferenceId, temporary: true }).delete()) > 0;
}

/** Which of these stored names the conference's rows name. */
export async function storedNamesKnown(db: Db, conferenceId: number, storedNames: string[]): Promise<Set<string>> {
  return new Set<string>(
    await db('files').where({ conference_id: conferenceId }).whereIn('stored_name', storedNames).pluck('stored_name'),
  );
}

// ── upload budgets: each statement on its own, outside any transaction but the claim's ───────

/** Makes a budget's counter row, when it has none. */
export async function ensureBudget(db: Db, conferenceId: number): Promise<void> {
  await db('upload_budgets')
    .insert({ conference_id: conferenceId, temporary_bytes: 0 })
    .onConflict('conference_id')
    .ignore();
}

/** The bytes a budget counts now. */
export async function budgetUsed(db: Db, conferenceId: number): Promise<number> {
  const row = await db('upload_budgets').where({ conference_id: conferenceId }).first('temporary_bytes');
  return Number(row?.temporary_bytes ?? 0);
}

/**
 * Adds `n` bytes to a budget when they fit under `limit`: one conditional UPDATE, whose row lock
 * orders concurrent uploads. Answers whether they fitted.
 */
export async function raiseBudget(db: Db, conferenceId: number, n: number, limit: number): Promise<boolean> {
  const changed = await db('upload_budgets')
    .where({ conference_id: conferenceId })
    .andWhere('temporary_bytes', '<=', limit - n)
    .increment('temporary_bytes', n);
  return Number(changed) === 1;
}

/** Takes `n` bytes off a budget, never below zero (whatever a crash between a reservation and its use left). */
export async function lowerBudget(conn: Conn, conferenceId: number, n: number): Promise<void> {
  await conn('upload_budgets')
    .where({ conference_id: conferenceId })
    .update({ temporary_bytes: conn.raw('CASE WHEN temporary_bytes > ? THEN temporary_bytes - ? ELSE 0 END', [n, n]) });
}
