/**
 * Where uploaded files live: under DATA_DIR/files by default, one folder per conference, under
 * generated names. Behind this interface an S3-compatible store can replace the disk.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface FileStore {
  /** Stores the bytes under a new generated name and answers that name. */
  put(scope: string, bytes: Buffer, ext: string): Promise<string>;
  read(scope: string, name: string): Promise<Buffer | null>;
  remove(scope: string, name: string): Promise<void>;
}

const NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/;

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private where(scope: string, name: string): string {
    if (!/^[a-z0-9-]{1,40}$/.test(scope) || !NAME.test(name)) throw new Error('bad file name');
    return path.join(this.root, scope, name);
  }

  async put(scope: string, bytes: Buffer, ext: string): Promise<string> {
    const name = `${crypto.randomBytes(18).toString('base64url')}.${ext}`;
    const file = this.where(scope, name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    await fs.promises.writeFile(`${file}.part`, bytes, { mode: 0o640 });
    await fs.promises.rename(`${file}.part`, file);
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
}
