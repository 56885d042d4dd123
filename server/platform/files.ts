/**
 * Where uploaded files live: under DATA_DIR/files by default, one folder per conference, under
 * generated names. Behind this interface an S3-compatible bucket (./s3Files.ts) replaces the disk
 * when S3_BUCKET is set; both pass the same suite (test/server/platform/fileStore.test.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One object in the store, as the sweeper sees it; `partial` for a write that never finished. */
export type StoredEntry = { scope: string; name: string; partial: boolean; modifiedAt: Date };

export interface FileStore {
  /** Stores the bytes under a new generated name and answers that name. */
  put(scope: string, bytes: Buffer, ext: string): Promise<string>;
  read(scope: string, name: string): Promise<Buffer | null>;
  /**
   * Stores a stream under a new generated name, never holding the whole file in memory. Past
   * `maxBytes` it throws FileTooLarge and nothing of it is kept (no object, no half-written file).
   */
  putStream(scope: string, source: Readable, ext: string, maxBytes: number): Promise<{ name: string; size: number }>;
  /**
   * The bytes as a stream, or null when there is no such file (a name it could not have made
   * included). Read it to its end or destroy it: it holds a file handle, or a connection to the bucket.
   */
  open(scope: string, name: string): Promise<Readable | null>;
  remove(scope: string, name: string): Promise<void>;
  /** Every object this store wrote (names it did not generate are not listed, so never removed). */
  entries(): AsyncIterable<StoredEntry>;
  /** Removes a listed object, finished or partial. */
  discard(entry: StoredEntry): Promise<void>;
}

export const SCOPE = /^[a-z0-9-]{1,40}$/;
export const NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;
const PART = '.part';

/** Refuses a scope or name the store could not have made: nothing outside its folders is ever reached. */
export function checkName(scope: string, name: string): void {
  if (!SCOPE.test(scope) || !NAME.test(name)) throw new Error('bad file name');
}

/** A new name: 18 random bytes, so names cannot be guessed or collide. */
export function newName(scope: string, ext: string): string {
  const name = `${crypto.randomBytes(18).toString('base64url')}.${ext}`;
  checkName(scope, name);
  return name;
}

/** A stream that was longer than its caller allowed; nothing of it was kept. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/**
 * Passes bytes through, counting them; fails with FileTooLarge as soon as they pass `maxBytes`.
 * (Not `size`: lib-storage would read that as the body's length before any byte has passed.)
 */
export function byteLimit(maxBytes: number): Transform & { counted: number; tooLarge: boolean } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.counted += chunk.length;
      if (counter.counted > maxBytes) {
        counter.tooLarge = true;
        return done(new FileTooLarge(maxBytes));
      }
      done(null, chunk);
    },
  }) as Transform & { counted: number; tooLarge: boolean };
  counter.counted = 0;
  counter.tooLarge = false;
  return counter;
}

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private where(scope: string, name: string): string {
    checkName(scope, name);
    return path.join(this.root, scope, name);
  }

  async put(scope: string, bytes: Buffer, ext: string): Promise<string> {
    const name = newName(scope, ext);
    const file = this.where(scope, name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    // A crash between the two leaves a .part file, which the sweeper removes later.
    const part = `${file}${PART}`;
    try {
      await fs.promises.writeFile(part, bytes, { mode: 0o640 });
      await fs.promises.rename(part, file);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      throw err;
    }
    return name;
  }

  async read(scope: string, name: string): Promise<Buffer | null> {
    if (!NAME.test(name)) return null;
    try {
      return await fs.promises.readFile(this.where(scope, name));
    } catch {
      return null;
    }
  }

  async putStream(
    scope: string,
    source: Readable,
    ext: string,
    maxBytes: number,
  ): Promise<{ name: string; size: number }> {
    const name = newName(scope, ext);
    const file = this.where(scope, name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // The same rule as put: a .part file renamed once complete, removed when anything fails.
    const part = `${file}${PART}`;
    const counter = byteLimit(maxBytes);
    try {
      await pipeline(source, counter, fs.createWriteStream(part, { mode: 0o640 }));
      await fs.promises.rename(part, file);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      throw counter.tooLarge ? new FileTooLarge(maxBytes) : err;
    }
    return { name, size: counter.counted };
  }

  async open(scope: string, name: string): Promise<Readable | null> {
    if (!NAME.test(name)) return null;
    // Opened before answering, so a missing file is null rather than a stream that fails later.
    const handle = await fs.promises.open(this.where(scope, name), 'r').catch(() => null);
    return handle ? handle.createReadStream() : null;
  }

  /** The size of a stored file, or null when there is none (the move to a bucket compares sizes). */
  async size(scope: string, name: string): Promise<number | null> {
    const stat = await fs.promises.stat(this.where(scope, name)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }

  async remove(scope: string, name: string): Promise<void> {
    await fs.promises.rm(this.where(scope, name), { force: true });
  }

  async *entries(): AsyncIterable<StoredEntry> {
    const scopes = await fs.promises.readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const dir of scopes) {
      if (!dir.isDirectory() || !SCOPE.test(dir.name)) continue;
      const names = await fs.promises.readdir(path.join(this.root, dir.name)).catch(() => [] as string[]);
      for (const fileName of names) {
        const partial = fileName.endsWith(PART);
        const name = partial ? fileName.slice(0, -PART.length) : fileName;
        if (!NAME.test(name)) continue;
        const stat = await fs.promises.stat(path.join(this.root, dir.name, fileName)).catch(() => null);
        if (stat?.isFile()) yield { scope: dir.name, name, partial, modifiedAt: stat.mtime };
      }
    }
  }

  async discard(entry: StoredEntry): Promise<void> {
    await fs.promises.rm(`${this.where(entry.scope, entry.name)}${entry.partial ? PART : ''}`, { force: true });
  }
}
