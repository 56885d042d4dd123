/**
 * Uploads of a conference: checked by size, by name and by content, stored under a generated
 * name, recorded with their original name. Served back as attachments that browsers do not sniff.
 *
 * Temporary uploads (made before their form is saved) count against byte budgets
 * (./temporary.ts), are claimed by the form that names them, and are swept when never claimed;
 * the sweeper (./sweep.ts) also removes stored objects that no row names (left by a crash).
 */
import { PassThrough, Readable } from 'node:stream';
import type { Db, Tx } from '../../db/index';
import { AppError } from '../../platform/errors';
import { FileTooLarge, type FileStore } from '../../platform/files';
import { isUtf8Text, sniff } from '../../platform/sniff';
import type { StoredFile, UploadKind } from '../../contract/files';
import { byteCount, drain, readHead, textCheck } from './inspect';
import { CONTENT_TYPES, TYPES_OF_EXTENSION, UPLOAD_RULES, type UploadRule } from './rules';
import { scopeOf, urlOf } from './addresses';
import * as repo from './repo';
import { sweepOrphans, sweepTemporary } from './sweep';
import type { FileRow } from './repo';
import { DEFAULT_TEMPORARY_LIMITS, TemporaryBudget, type TemporaryUploadLimits } from './temporary';

function present(row: FileRow): StoredFile {
  return {
    id: row.id,
    kind: row.kind,
    url: urlOf(row.stored_name),
    name: row.stored_name,
    originalName: row.original_name,
    contentType: row.content_type,
    size: row.size,
    createdAt: row.created_at,
  };
}

/** An upload storeStream wrote to the store, not yet a row (keep() makes it one). */
export type StoredUpload = { storedName: string; name: string; contentType: string; size: number };

const refused = (key: string) => new AppError(400, key, { field: 'file' });
const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** The content must be what the name says, and of a type this kind accepts. */
function fits(rule: UploadRule, ext: string, actual: ReturnType<typeof sniff> | 'text' | null): boolean {
  return (
    rule.extensions.includes(ext) &&
    !!actual &&
    rule.types.includes(actual) &&
    !!TYPES_OF_EXTENSION[ext]?.includes(actual)
  );
}

const typeOf = (ext: string) => ({
  ext: ext === 'jpeg' ? 'jpg' : ext,
  contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
});

/** Keeps the base name only, without control characters, at most 255 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return (
    Array.from(base)
      .filter((c) => c.charCodeAt(0) >= 0x20)
      .join('')
      .trim() || 'file'
  ).slice(-255);
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
    if (bytes.length === 0) throw refused(rule.wrongTypeKey);
    if (bytes.length > rule.maxBytes) throw refused(rule.tooLargeKey);
    const ext = extensionOf(originalName);
    if (!fits(rule, ext, sniff(bytes) ?? (isUtf8Text(bytes) ? 'text' : null))) throw refused(rule.wrongTypeKey);
    return typeOf(ext);
  }

  /**
   * check() and the store's write for a stream, never holding the file whole: the head is sniffed
   * before anything is stored, the rest streams to the store (text checked on the way), up to the
   * kind's size. A refusal answers check()'s key for the whole file (the size first, so a refused
   * stream is read to its end to count it) and leaves nothing in the store. A failure of the store
   * or of `source` is thrown as it is.
   */
  async storeStream(
    conferenceId: number,
    kind: UploadKind,
    originalName: string,
    source: Readable,
  ): Promise<StoredUpload> {
    const rule = UPLOAD_RULES[kind];
    const name = cleanName(originalName);
    const ext = extensionOf(name);
    const { head, ended } = await readHead(source);
    if (!head.length) throw refused(rule.wrongTypeKey);
    const count = ended ? { bytes: head.length } : byteCount(source);
    const refusal = async (key: string) => {
      if (!ended) await drain(source);
      return refused(count.bytes > rule.maxBytes ? rule.tooLargeKey : key);
    };
    const sniffed = sniff(head);
    // No signature: text, if every byte decodes (textCheck, on the way to the store).
    if (!fits(rule, ext, sniffed ?? 'text')) throw await refusal(rule.wrongTypeKey);
    const body = ended ? Readable.from([head], { objectMode: false }) : source;
    // Always a stream of our own in between: the store destroys its input when it fails, and the
    // source must stay readable to be counted (and, under multer, to let the form finish).
    const text = sniffed ? null : textCheck(() => refused(rule.wrongTypeKey));
    const input = text ?? new PassThrough();
    body.on('error', (err) => input.destroy(err));
    body.pipe(input);
    const type = typeOf(ext);
    try {
      const written = await this.store.putStream(scopeOf(conferenceId), input, type.ext, rule.maxBytes);
      return { storedName: written.name, name, contentType: type.contentType, size: written.size };
    } catch (err) {
      body.unpipe(input);
      if (err instanceof FileTooLarge) throw await refusal(rule.tooLargeKey);
      if (text?.refused) throw await refusal(rule.wrongTypeKey);
      throw err;
    }
  }

  /**
   * Makes an upload storeStream wrote a row: permanent, or `temporary` with its bytes settled in
   * the budgets as save() does (`reserved`: what the caller reserved for it, now this call's). When
   * this fails, the stored object is removed and the reservation given back.
   */
  async keep(
    conferenceId: number,
    userId: number | null,
    kind: UploadKind,
    stored: StoredUpload,
    opts: { temporary?: boolean; reserved?: number } = {},
  ): Promise<StoredFile> {
    if (!opts.temporary) return this.record(conferenceId, userId, kind, stored, false);
    const size = Math.max(1, stored.size);
    let held = opts.reserved ?? 0;
    try {
      if (held < size) await this.temporary.reserve(conferenceId, size - held);
    } catch (err) {
      if (held > 0) await this.temporary.release(conferenceId, held);
      await this.store.remove(scopeOf(conferenceId), stored.storedName);
      throw err;
    }
    // The declared size included the form's framing: what is beyond the file's size goes back now.
    if (held > size) await this.temporary.release(conferenceId, held - size);
    held = size;
    try {
      return await this.record(conferenceId, userId, kind, stored, true);
    } catch (err) {
      await this.temporary.release(conferenceId, held);
      throw err;
    }
  }

  /**
   * save() for a stream: storeStream, then keep(). A temporary upload without `reserved` reserves
   * the kind's largest file first (its size is known only at its end); a refusal gives it back.
   */
  async saveStream(
    conferenceId: number,
    userId: number | null,
    kind: UploadKind,
    originalName: string,
    source: Readable,
    opts: { temporary?: boolean; reserved?: number } = {},
  ): Promise<StoredFile> {
    const reserved = opts.temporary ? opts.reserved || UPLOAD_RULES[kind].maxBytes : 0;
    if (opts.temporary && !opts.reserved) await this.temporary.reserve(conferenceId, reserved);
    let stored: StoredUpload;
    try {
      stored = await this.storeStream(conferenceId, kind, originalName, source);
    } catch (err) {
      if (reserved) await this.temporary.release(conferenceId, reserved);
      throw err;
    }
    return this.keep(conferenceId, userId, kind, stored, { temporary: opts.temporary, reserved });
  }

  /**
   * `temporary`: an upload made before its form is saved, claimed by the save (or swept when never
   * claimed); its bytes are reserved in the budgets before anything is written. `reserved`: bytes
   * the caller already reserved for it (at least its size), which this call now owns.
   */
  async save(
    conferenceId: number,
    userId: number | null,
    kind: UploadKind,
    originalName: string,
    bytes: Buffer,
    opts: { temporary?: boolean; reserved?: number } = {},
  ): Promise<StoredFile> {
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
  private async write(
    conferenceId: number,
    userId: number | null,
    kind: UploadKind,
    originalName: string,
    bytes: Buffer,
    temporary: boolean,
    checked?: { ext: string; contentType: string },
  ): Promise<StoredFile> {
    const name = cleanName(originalName);
    const { ext, contentType } = checked ?? this.check(kind, name, bytes);
    const storedName = await this.store.put(scopeOf(conferenceId), bytes, ext);
    return this.record(conferenceId, userId, kind, { storedName, name, contentType, size: bytes.length }, temporary);
  }

  /** The row of a stored upload; without it, no file: a failed insert removes the object. */
  private async record(
    conferenceId: number,
    userId: number | null,
    kind: UploadKind,
    stored: StoredUpload,
    temporary: boolean,
  ): Promise<StoredFile> {
    const { storedName, name, contentType, size } = stored;
    try {
      return present(
        await repo.insertFile(this.db, conferenceId, {
          kind,
          stored_name: storedName,
          original_name: name,
          content_type: contentType,
          size,
          created_by: userId,
          temporary,
        }),
      );
    } catch (err) {
      // No row, no file: a failed insert leaves nothing behind.
      await this.store.remove(scopeOf(conferenceId), storedName);
      throw err;
    }
  }

  async list(conferenceId: number, kinds: UploadKind[]): Promise<StoredFile[]> {
    return (await repo.filesOfKinds(this.db, conferenceId, kinds)).map(present);
  }

  /** A file's row, or null: what a route checks before it opens the bytes. */
  async stat(conferenceId: number, storedName: string): Promise<StoredFile | null> {
    const row = await repo.fileNamed(this.db, conferenceId, storedName);
    return row ? present(row) : null;
  }

  /** A file and its bytes whole in memory, for those that use them so (a mail's attachment, a PDF's background); downloads stream (open). */
  async find(conferenceId: number, storedName: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const file = await this.stat(conferenceId, storedName);
    const bytes = file && (await this.store.read(scopeOf(conferenceId), storedName));
    return file && bytes ? { file, bytes } : null;
  }

  /** A file and its bytes as a stream (read it to its end or destroy it), or null when either is missing. */
  async open(conferenceId: number, storedName: string): Promise<{ file: StoredFile; body: Readable } | null> {
    const file = await this.stat(conferenceId, storedName);
    const body = file && (await this.stream(conferenceId, storedName));
    return file && body ? { file, body } : null;
  }

  /** The stored bytes as a stream, or null (the zips read them so, one file after another). */
  async stream(conferenceId: number, storedName: string): Promise<Readable | null> {
    return this.store.open(scopeOf(conferenceId), storedName);
  }

  /** Removes stored bytes whose rows the caller has already deleted (in its transaction). */
  async removeStored(conferenceId: number, storedNames: string[]): Promise<void> {
    for (const name of storedNames) await this.store.remove(scopeOf(conferenceId), name);
  }

  async read(conferenceId: number, storedName: string): Promise<Buffer | null> {
    return this.store.read(scopeOf(conferenceId), storedName);
  }

  async remove(conferenceId: number, id: number): Promise<boolean> {
    const row = await repo.fileById(this.db, conferenceId, id);
    if (!row) return false;
    await repo.deleteFile(this.db, conferenceId, id);
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
    const rows = await repo.temporaryFilesByIds(tx, conferenceId, ids);
    const claimed: number[] = [];
    let bytes = 0;
    for (const row of rows) {
      // One conditional update per file: the row lock decides between two claims (or a sweep).
      if (await repo.claimFile(tx, conferenceId, row.id)) {
        claimed.push(row.id);
        bytes += row.size;
      }
    }
    if (bytes > 0) await this.temporary.release(conferenceId, bytes, tx);
    return claimed;
  }

  /** Removes the temporary uploads older than the budget's time to live; answers how many. */
  sweepTemporary(now = new Date()): Promise<number> {
    return sweepTemporary(this.db, this.store, this.temporary, now);
  }

  /** Removes what a crash left in the store (sweep.ts); answers how many. */
  sweepOrphans(now = new Date()): Promise<number> {
    return sweepOrphans(this.db, this.store, now);
  }
}
