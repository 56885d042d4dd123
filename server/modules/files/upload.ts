/**
 * Receiving the one multipart file named "file" of a request. An upload goes straight into the
 * store (issue 31): multer parses the form (its limits, a second file, a client that leaves,
 * draining the body on a refusal), and this storage engine hands the file's stream to
 * FilesService.storeStream as it arrives. No upload is ever whole in memory, and a refused one
 * leaves nothing in the store. A small file another feature reads at once and never keeps (a sheet
 * to import) is read into memory instead, with the same limits: `receiveInMemory`.
 */
import type { Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import type { UploadKind } from '../../contract/files';
import { AppError } from '../../platform/errors';
import { UPLOAD_RULES } from './rules';
import type { FilesService, StoredUpload } from './service';

/** Room in a request's declared length for the form around the file (boundaries, the part's headers, a few tiny fields). */
export const FRAMING_BYTES = 64 * 1024;

/** Whether the request declares a body longer than a file of `maxBytes` and its form: refused before a byte is read. */
export function declaresMoreThan(req: Request, maxBytes: number): boolean {
  return Number(req.headers['content-length']) > maxBytes + FRAMING_BYTES;
}

/** One request's engine: it keeps what it stored, so that multer's abort (a second file) can remove it. */
class StoreEngine implements StorageEngine {
  stored: StoredUpload | null = null;
  /** The store's own failure (not the client's): thrown as it is, a 503 or a 500. */
  failure: unknown = null;

  constructor(
    private readonly files: FilesService,
    private readonly conferenceId: number,
    private readonly kind: UploadKind,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    done: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    // multer reads names as latin1; browsers send UTF-8.
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8');
    this.files.storeStream(this.conferenceId, this.kind, name, file.stream).then(
      (stored) => {
        this.stored = stored;
        done(null, { size: stored.size });
      },
      (err: unknown) => {
        if (!(err instanceof AppError) && !file.stream.errored && !req.destroyed) this.failure = err;
        done(err);
      },
    );
  }

  _removeFile(_req: Request, _file: Express.Multer.File, done: (error: Error | null) => void): void {
    const stored = this.stored;
    this.stored = null;
    if (!stored) return done(null);
    this.files.removeStored(this.conferenceId, [stored.storedName]).then(() => done(null), done);
  }
}

/**
 * Streams the request's file into the store, checked against its kind; answers what was stored
 * (the caller makes it a row with FilesService.keep). A body declared larger than the kind's
 * largest file and its framing is refused before a byte of it is read.
 */
export async function receiveUpload(
  files: FilesService,
  req: Request,
  res: Response,
  conferenceId: number,
  kind: UploadKind,
): Promise<StoredUpload> {
  const rule = UPLOAD_RULES[kind];
  if (declaresMoreThan(req, rule.maxBytes)) throw new AppError(400, rule.tooLargeKey, { field: 'file' });
  const engine = new StoreEngine(files, conferenceId, kind);
  // fieldSize keeps the framing small: the forms send the file alone.
  const parse = multer({
    storage: engine,
    limits: { fileSize: rule.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    parse(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof AppError || err === engine.failure) return reject(err);
      const code = (err as { code?: string }).code;
      reject(
        new AppError(400, code === 'LIMIT_FILE_SIZE' ? rule.tooLargeKey : 'files:uploadFailed', { field: 'file' }),
      );
    }),
  );
  if (!engine.stored) throw new AppError(400, 'files:noFile', { field: 'file' });
  return engine.stored;
}

/** The messages of a file read into memory: too large, not a readable form, no file in it. */
export type InMemoryKeys = { tooLarge: string; bad: string; missing: string };

/**
 * The request's one file named "file", whole in memory, at most `maxBytes` (refused from its
 * declared length before it is read, and as soon as it passes the limit): for a small file that
 * is read at once and never stored.
 */
export async function receiveInMemory(
  req: Request,
  res: Response,
  maxBytes: number,
  keys: InMemoryKeys,
): Promise<Buffer> {
  if (declaresMoreThan(req, maxBytes)) throw new AppError(400, keys.tooLarge, { field: 'file' });
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5 } }).single(
    'file',
  );
  await new Promise<void>((resolve, reject) =>
    parse(req, res, (err: unknown) => {
      if (!err) return resolve();
      reject(
        new AppError(400, (err as { code?: string }).code === 'LIMIT_FILE_SIZE' ? keys.tooLarge : keys.bad, {
          field: 'file',
        }),
      );
    }),
  );
  if (!req.file) throw new AppError(400, keys.missing, { field: 'file' });
  return req.file.buffer;
}
