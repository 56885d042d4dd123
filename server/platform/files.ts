/**
 * Where uploaded files live: under DATA_DIR/files by default, one folder per conference, under
 * generated names. Behind this interface an S3-compatible store can replace the disk.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One object in the store, as the sweeper sees it; `partial` for a write that never finished. */
export type StoredEntry = { scope: string; name: string; partial: boolean; modifiedAt: Date };

export interface FileStore {
  /** Stores the bytes under a new generated name and answers that name. */
  put(scope: string, bytes: Buffer, ext: string): Promise<string>;
  read(scope: string, name: string): Promise<Buffer | null>;
  remove(scope: string, name: string): Promise<void>;
  /** Every object this store wrote (names it did not generate are not listed, so never removed). */
  entries(): AsyncIterable<StoredEntry>;
  /** Removes a listed object, finished or partial. */
  discard(entry: StoredEntry): Promise<void>;
}

const SCOPE = /^[a-z0-9-]{1,40}$/;
const NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;
const PART = '.part';

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private where(scope: string, name: string): string {
    if (!SCOPE.test(scope) || !NAME.test(name)) throw new Error('bad file name');
    return path.join(this.root, scope, name);
  }

  async put(scope: string, bytes: Buffer, ext: string): Promise<string> {
    const name = `${crypto.randomBytes(18).toString('base64url')}.${ext}`;
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
