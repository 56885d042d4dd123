/**
 * Uploads of a conference: checked by size, by name and by content, stored under a generated
 * name, recorded with their original name. Served back as attachments that browsers do not sniff.
 */
import type { Db } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { isUtf8Text, sniff } from '../../platform/sniff';
import { CONTENT_TYPES, TYPES_OF_EXTENSION, UPLOAD_RULES, type UploadKind } from './rules';

export type StoredFile = { id: number; kind: UploadKind; url: string; name: string; originalName: string; contentType: string; size: number; createdAt: string };

type FileRow = { id: number; conference_id: number; kind: UploadKind; stored_name: string; original_name: string; content_type: string; size: number; created_at: string };

export const scopeOf = (conferenceId: number) => `c${conferenceId}`;
export const urlOf = (storedName: string) => `/files/${storedName}`;

function present(row: FileRow): StoredFile {
  return { id: row.id, kind: row.kind, url: urlOf(row.stored_name), name: row.stored_name, originalName: row.original_name, contentType: row.content_type, size: row.size, createdAt: row.created_at };
}

/** Keeps the base name only, without control characters, at most 255 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return (Array.from(base).filter((c) => c.charCodeAt(0) >= 0x20).join('').trim() || 'file').slice(-255);
}

export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  /** Checks the upload against its kind's rules; throws the rule's message key, stores nothing, when it fails. */
  check(kind: UploadKind, originalName: string, bytes: Buffer): { ext: string; contentType: string } {
    const rule = UPLOAD_RULES[kind];
    if (bytes.length === 0) throw new AppError(400, rule.wrongTypeKey, 'file');
    if (bytes.length > rule.maxBytes) throw new AppError(400, rule.tooLargeKey, 'file');
    const ext = (/\.([A-Za-z0-9]+)$/.exec(originalName)?.[1] ?? '').toLowerCase();
    if (!rule.extensions.includes(ext)) throw new AppError(400, rule.wrongTypeKey, 'file');
    const actual = sniff(bytes) ?? (isUtf8Text(bytes) ? 'text' : null);
    // The content must be what the name says, and of a type this kind accepts.
    if (!actual || !rule.types.includes(actual) || !TYPES_OF_EXTENSION[ext]?.includes(actual)) throw new AppError(400, rule.wrongTypeKey, 'file');
    return { ext: ext === 'jpeg' ? 'jpg' : ext, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
  }

  /** `temporary`: an upload made before its form is saved, claimed by the save (or swept a day later). */
  async save(conferenceId: number, userId: number | null, kind: UploadKind, originalName: string, bytes: Buffer, opts: { temporary?: boolean } = {}): Promise<StoredFile> {
    const name = cleanName(originalName);
    const { ext, contentType } = this.check(kind, name, bytes);
    const storedName = await this.store.put(scopeOf(conferenceId), bytes, ext);
    try {
      const id = await insertId(
        this.db('files').insert({
          conference_id: conferenceId,
          kind,
          stored_name: storedName,
          original_name: name,
          content_type: contentType,
          size: bytes.length,
          created_by: userId,
          created_at: toDbInstant(),
          ...(opts.temporary ? { temporary: true } : {}),
        }),
      );
      return present((await this.db<FileRow>('files').where({ conference_id: conferenceId, id }).first())!);
    } catch (err) {
      // No row, no file: a failed insert leaves nothing behind.
      await this.store.remove(scopeOf(conferenceId), storedName);
      throw err;
    }
  }

  async list(conferenceId: number, kinds: UploadKind[]): Promise<StoredFile[]> {
    const rows = await this.db<FileRow>('files').where({ conference_id: conferenceId }).whereIn('kind', kinds).orderBy('id', 'desc');
    return rows.map(present);
  }

  async find(conferenceId: number, storedName: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const row = await this.db<FileRow>('files').where({ conference_id: conferenceId, stored_name: storedName }).first();
    if (!row) return null;
    const bytes = await this.store.read(scopeOf(conferenceId), storedName);
    return bytes ? { file: present(row), bytes } : null;
  }

  /** Removes stored bytes whose rows the caller has already deleted (in its transaction). */
  async removeStored(conferenceId: number, storedNames: string[]): Promise<void> {
    for (const name of storedNames) await this.store.remove(scopeOf(conferenceId), name);
  }

  async read(conferenceId: number, storedName: string): Promise<Buffer | null> {
    return this.store.read(scopeOf(conferenceId), storedName);
  }

  async remove(conferenceId: number, id: number): Promise<boolean> {
    const row = await this.db<FileRow>('files').where({ conference_id: conferenceId, id }).first();
    if (!row) return false;
    await this.db('files').where({ conference_id: conferenceId, id }).delete();
    await this.store.remove(scopeOf(conferenceId), row.stored_name);
    return true;
  }
}
