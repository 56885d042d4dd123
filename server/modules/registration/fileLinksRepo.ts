/**
 * Which registrant's answer names which upload (`registrant_files`). The uploads themselves are
 * the files module's (files/repo.ts). Every function takes the conference first.
 */
import type { Tx } from '../../db/index';
import { filesByIds, keptFilesNamed } from '../files/index';
import type { Conn } from './repo';
import { readByIdChunks } from '../../db/idChunks';

export type RegistrantFileRow = {
  registrant_id: number;
  field: string;
  file_id: number;
  stored_name: string;
  original_name: string;
  size: number;
};

// The uploads themselves are the files module's (files/repo.ts); this module keeps which
// registrant's answer names which upload (`registrant_files`).

async function links(
  db: Conn,
  conferenceId: number,
  registrantIds: number[],
): Promise<Array<{ registrant_id: number; field: string; file_id: number }>> {
  return readByIdChunks(registrantIds, (slice) =>
    db('registrant_files')
      .where({ conference_id: conferenceId })
      .whereIn('registrant_id', slice)
      .select('registrant_id', 'field', 'file_id'),
  );
}

/** The files the registrants' answers name, by registrant then upload. */
export async function filesOf(db: Conn, conferenceId: number, registrantIds: number[]): Promise<RegistrantFileRow[]> {
  const linked = await links(db, conferenceId, registrantIds);
  const files = new Map(
    (
      await filesByIds(
        db,
        conferenceId,
        linked.map((l) => Number(l.file_id)),
      )
    ).map((f) => [f.id, f]),
  );
  return linked
    .flatMap((l) => {
      const f = files.get(Number(l.file_id));
      return f
        ? [
            {
              registrant_id: Number(l.registrant_id),
              field: l.field,
              file_id: f.id,
              stored_name: f.storedName,
              original_name: f.originalName,
              size: f.size,
            },
          ]
        : [];
    })
    .sort((a, b) => a.registrant_id - b.registrant_id || a.file_id - b.file_id);
}

/** The registrants whose answers name any of these stored uploads (at most the few hundred a download asks for). */
export async function registrantsWithFilesNamed(
  db: Conn,
  conferenceId: number,
  storedNames: string[],
): Promise<number[]> {
  const fileIds = (await keptFilesNamed(db, conferenceId, storedNames)).map((f) => f.id);
  const rows: Array<{ registrant_id: number }> = await readByIdChunks(fileIds, (slice) =>
    db('registrant_files').where({ conference_id: conferenceId }).whereIn('file_id', slice).distinct('registrant_id'),
  );
  return [...new Set(rows.map((r) => Number(r.registrant_id)))];
}

/** Links claimed uploads (FilesService.claimTemporary) to the registrant, as the answers of their fields. */
export async function linkFiles(
  tx: Tx,
  conferenceId: number,
  registrantId: number,
  files: Array<{ id: number; field: string }>,
): Promise<void> {
  if (!files.length) return;
  await tx('registrant_files').insert(
    files.map((f) => ({ conference_id: conferenceId, registrant_id: registrantId, file_id: f.id, field: f.field })),
  );
}

/** The files of one registrant (to find those an edit no longer names). */
export async function fileRowsOf(
  db: Conn,
  conferenceId: number,
  registrantId: number,
): Promise<Array<{ file_id: number; stored_name: string; field: string }>> {
  return (await filesOf(db, conferenceId, [registrantId])).map((f) => ({
    file_id: f.file_id,
    stored_name: f.stored_name,
    field: f.field,
  }));
}
