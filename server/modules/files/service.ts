/**
 * Uploads of a conference: checked by size, by name and by content, stored under a generated
 * name, recorded with their original name. Served back as attachments that browsers do not sniff.
 *
 * Temporary uploads (made before their form is saved) count against byte budgets
 * (./temporary.ts), are claimed by the form that names them, and are swept when never claimed;
 * the sweeper also removes stored objects that no row names (left by a crash).
 */
import type { Db, Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import type { FileStore, StoredEntry } from '../../platform/files';
import { logger } from '../../platform/logger';
import { isUtf8Text, sniff } from '../../platform/sniff';
import type { StoredFile, UploadKind } from '../../contract/files';
import { CONTENT_TYPES, TYPES_OF_EXTENSION, UPLOAD_RULES } from './rules';
import { DEFAULT_TEMPORARY_LIMITS, TemporaryBudget, type TemporaryUploadLimits } from './temporary';

/** A stored object younger than this may still be getting its row (or its rename): never an orphan. */
export const ORPHAN_GRACE_MS = 15 * 60_000;

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
  readonly temporary: TemporaryBudget;

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    limits: TemporaryUploadLimits = DEFAULT_TEMPORARY_LIMITS,
  ) {
    this.temporary = new TemporaryBudget(db, limits);
  }

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

  /**
   * `temporary`: an upload made before its form is saved, claimed by the save (or swept when never
   * claimed); its bytes are reserved in the budgets before anything is written. `reserved`: bytes
   * the caller already reserved for it (at least its size), which this call now owns.
   */
  async save(conferenceId: number, userId: number | null, kind: UploadKind, originalName: string, bytes: Buffer, opts: { temporary?: boolean; reserved?: number } = {}): Promise<StoredFile> {
    if (!opts.temporary) return this.write(conferenceId, userId, kind, originalName, bytes, false);
    // A file that will be refused costs no budget.
    let checked: { ext: string; contentType: string };
    try {
      checked = this.check(kind, cleanName(originalName), bytes);
    } catch (err) {
      if (opts.reserved) await this.temporary.release(conferenceId, opts.reserved);
      throw err;
    }
    const size = Math.max(1, bytes.length);
    let held = opts.reserved ?? 0;
    try {
      if (held < size) await this.temporary.reserve(conferenceId, size - held);
    } catch (err) {
      if (held > 0) await this.temporary.release(conferenceId, held);
      throw err;
    }
    // The declared size included the form's framing: what is beyond the file's size goes back now.
    if (held > size) await this.temporary.release(conferenceId, held - size);
    held = size;
    try {
      return await this.write(conferenceId, userId, kind, originalName, bytes, true, checked);
    } catch (err) {
      await this.temporary.release(conferenceId, held);
      throw err;
    }
  }

  /** `checked`: the rules' answer for these bytes when the caller already asked (sniffing is not free). */
  private async write(conferenceId: number, userId: number | null, kind: UploadKind, originalName: string, bytes: Buffer, temporary: boolean, checked?: { ext: string; contentType: string }): Promise<StoredFile> {
    const name = cleanName(originalName);
    const { ext, contentType } = checked ?? this.check(kind, name, bytes);
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
          ...(temporary ? { temporary: true } : {}),
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

  // ── temporary uploads: claimed by their form, or swept ─────────────────────────────────

  /**
   * Makes temporary uploads permanent inside the transaction of the form that names them, and
   * gives their bytes back to the budgets in the same transaction. Answers the ids claimed now:
   * fewer than asked when another request claimed one, or the sweeper removed it, meanwhile.
   */
  async claimTemporary(tx: Tx, conferenceId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number; size: number }> = await tx('files').where({ conference_id: conferenceId, temporary: true }).whereIn('id', ids).select('id', 'size');
    const claimed: number[] = [];
    let bytes = 0;
    for (const row of rows) {
      // One conditional update per file: the row lock decides between two claims (or a sweep).
      if (await tx('files').where({ conference_id: conferenceId, id: row.id, temporary: true }).update({ temporary: false })) {
        claimed.push(Number(row.id));
        bytes += Number(row.size);
      }
    }
    if (bytes > 0) await this.temporary.release(conferenceId, bytes, tx);
    return claimed;
  }

  /** Removes the temporary uploads older than the budget's time to live; answers how many. */
  async sweepTemporary(now = new Date()): Promise<number> {
    const before = toDbInstant(new Date(now.getTime() - this.temporary.limits.ttlMs));
    let removed = 0;
    for (;;) {
      const stale: Array<{ id: number; conference_id: number; stored_name: string; size: number }> = await this.db('files')
        .where({ temporary: true })
        .andWhere('created_at', '<', before)
        .select('id', 'conference_id', 'stored_name', 'size')
        .orderBy('id')
        .limit(500);
      for (const file of stale) {
        // Only while still temporary: a form may have claimed it a moment ago.
        if (!(await this.db('files').where({ id: file.id, conference_id: file.conference_id, temporary: true }).delete())) continue;
        await this.temporary.release(file.conference_id, Number(file.size));
        await this.store.remove(scopeOf(file.conference_id), file.stored_name);
        removed++;
      }
      if (stale.length < 500) return removed;
    }
  }

  /**
   * Removes what a crash left in the store: unfinished writes (.part) and finished ones no row
   * names, once older than ORPHAN_GRACE_MS (a file is written just before its row). Answers how many.
   */
  async sweepOrphans(now = new Date()): Promise<number> {
    const cutoff = now.getTime() - ORPHAN_GRACE_MS;
    let removed = 0;
    let batch: StoredEntry[] = [];
    const flush = async () => {
      for (const entry of await this.unknown(batch)) {
        await this.store.discard(entry);
        removed++;
      }
      batch = [];
    };
    for await (const entry of this.store.entries()) {
      if (entry.modifiedAt.getTime() > cutoff) continue;
      if (entry.partial) {
        await this.store.discard(entry);
        removed++;
        continue;
      }
      batch.push(entry);
      if (batch.length >= 500) await flush();
    }
    await flush();
    if (removed) logger.info({ removed }, 'removed stored files that no row names');
    return removed;
  }

  /** The entries (finished, of conference scopes) that no files row names. */
  private async unknown(entries: StoredEntry[]): Promise<StoredEntry[]> {
    const byConference = new Map<number, StoredEntry[]>();
    for (const e of entries) {
      const id = /^c(\d{1,10})$/.exec(e.scope)?.[1];
      if (!id) continue;
      const list = byConference.get(Number(id));
      if (list) list.push(e);
      else byConference.set(Number(id), [e]);
    }
    const out: StoredEntry[] = [];
    for (const [conferenceId, list] of byConference) {
      const known = new Set<string>(await this.db('files').where({ conference_id: conferenceId }).whereIn('stored_name', list.map((e) => e.name)).pluck('stored_name'));
      out.push(...list.filter((e) => !known.has(e.name)));
    }
    return out;
  }
}
