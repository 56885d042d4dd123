/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, Alibaba OSS, Tencent COS), used
 * when S3_BUCKET is set, so that every instance serves every file. Keys are
 * `<prefix>/<scope>/<name>`: one bucket holds the uploads (`files/`) and the heavy-work results
 * (`work/`) apart, and the sweepers of one never list the other's.
 *
 * Reads and writes stream (GetObject's body; lib-storage's Upload in 5 MB parts), so no file is
 * ever whole in memory. A bucket that cannot be reached answers 503 (commonMsg.storageUnavailable),
 * never a 500 and never a "not found".
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { AppError } from './errors';
import {
  DiskFileStore,
  FileTooLarge,
  NAME,
  SCOPE,
  byteLimit,
  checkName,
  newName,
  type FileStore,
  type StoredEntry,
} from './files';
import { logger } from './logger';

export type S3Settings = Pick<
  Config,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The stores of the platform: uploads, finished heavy work, the books of abstracts. */
export const STORE_PREFIXES = ['files', 'work', 'books'] as const;
export type StorePrefix = (typeof STORE_PREFIXES)[number];

/** Which store a part of the platform keeps its files in: the bucket when S3_BUCKET is set, else DATA_DIR/<prefix>. */
export function fileStoreFor(config: S3Settings & Pick<Config, 'DATA_DIR'>, prefix: StorePrefix): FileStore {
  return config.S3_BUCKET
    ? new S3FileStore(s3ClientFor(config), config.S3_BUCKET, prefix)
    : new DiskFileStore(path.join(config.DATA_DIR, prefix));
}

export function s3ClientFor(config: S3Settings): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID ?? '', secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '' },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every upload,
    // in aws-chunked framing) is not understood by many S3-compatible stores (older MinIO and
    // Ceph, OSS, COS, the test server), which would store the framing as the file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable bucket fails a request within seconds (a 503) instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Multipart uploads begun this long ago and never finished are abandoned (a live upload keeps no clock we could read). */
export const STALE_UPLOAD_MS = 24 * 60 * 60_000;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Whatever else goes wrong with the bucket is the platform's fault, not the client's: 503, logged with its cause. */
function unavailable(err: unknown): never {
  if (err instanceof AppError || err instanceof FileTooLarge) throw err;
  logger.error({ err }, 'the file bucket failed');
  throw new AppError(503, 'commonMsg.storageUnavailable');
}

export class S3FileStore implements FileStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    private readonly prefix: string,
    /** objects per listing request (S3's own maximum is 1000; the tests ask for fewer to page) */
    private readonly pageSize = 1000,
  ) {}

  private key(scope: string, name: string): string {
    checkName(scope, name);
    return `${this.prefix}/${scope}/${name}`;
  }

  /** The scope and name of a key this store made, or null for anything else in the bucket. */
  private parse(key: string | undefined): { scope: string; name: string } | null {
    const [prefix, scope, name, ...rest] = (key ?? '').split('/');
    return prefix === this.prefix && !rest.length && SCOPE.test(scope ?? '') && NAME.test(name ?? '')
      ? { scope, name }
      : null;
  }

  async put(scope: string, bytes: Buffer, ext: string): Promise<string> {
    const name = newName(scope, ext);
    // One PUT: S3 writes an object whole or not at all, so there is no temporary name to rename.
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(scope, name),
          Body: bytes,
          ContentLength: bytes.length,
        }),
      )
      .catch(unavailable);
    return name;
  }

  async putStream(
    scope: string,
    source: Readable,
    ext: string,
    maxBytes: number,
  ): Promise<{ name: string; size: number }> {
    const name = newName(scope, ext);
    const counter = byteLimit(maxBytes);
    // The counter fails the body past maxBytes; Upload then never completes the object and
    // aborts the parts it sent. The source's own failure reaches the body the same way.
    const feeding = pipeline(source, counter).catch(() => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(scope, name), Body: counter },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
    });
    try {
      await upload.done();
    } catch (err) {
      // Unfed, the pipeline would wait for a reader forever.
      counter.destroy();
      source.destroy();
      await feeding;
      // The abort itself may fail (a store without AbortMultipartUpload): the reason is still the size.
      if (counter.tooLarge) throw new FileTooLarge(maxBytes);
      if (source.errored) throw source.errored;
      unavailable(err);
    }
    await feeding;
    return { name, size: counter.counted };
  }

  async read(scope: string, name: string): Promise<Buffer | null> {
    const body = await this.open(scope, name);
    if (!body) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (err) {
      unavailable(err);
    }
    return Buffer.concat(chunks);
  }

  async open(scope: string, name: string): Promise<Readable | null> {
    if (!NAME.test(name)) return null;
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(scope, name) }),
      );
      // In Node the body is the response's IncomingMessage: the bytes arrive as they are read.
      return (Body as Readable | undefined) ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      unavailable(err);
    }
  }

  /** The size of a stored object, or null when there is none (the move from disk compares sizes). */
  async size(scope: string, name: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(scope, name) }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      unavailable(err);
    }
  }

  /** Writes a file under the name it already has (the move from disk): streamed, whole or not at all. */
  async copyIn(scope: string, name: string, source: Readable, size: number): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(scope, name), Body: source, ContentLength: size },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
    });
    await upload.done().catch((err: unknown) => {
      source.destroy();
      unavailable(err);
    });
  }

  async remove(scope: string, name: string): Promise<void> {
    // S3 answers 204 for a key that is not there: removing twice is fine, as on disk.
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(scope, name) }))
      .catch(unavailable);
  }

  /**
   * The objects under this store's prefix (ListObjectsV2, a page of 1000 at a time), then the
   * multipart uploads begun over a day ago and never finished, as `partial` entries: they are not
   * objects, but they hold storage until aborted, and the sweeper's `discard` aborts them.
   */
  async *entries(): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: `${this.prefix}/`,
            ContinuationToken: token,
            MaxKeys: this.pageSize,
          }),
        )
        .catch(unavailable);
      for (const object of page.Contents ?? []) {
        const at = this.parse(object.Key);
        if (at) yield { ...at, partial: false, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    for (const upload of await this.staleUploads()) {
      const at = this.parse(upload.key);
      if (at) yield { ...at, partial: true, modifiedAt: upload.initiated };
    }
  }

  async discard(entry: StoredEntry): Promise<void> {
    if (!entry.partial) return this.remove(entry.scope, entry.name);
    const key = this.key(entry.scope, entry.name);
    for (const upload of await this.staleUploads(key)) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.id }))
        .catch(unavailable);
    }
  }

  /**
   * Unfinished multipart uploads under `prefix` begun before STALE_UPLOAD_MS ago. A store that does
   * not list them (some S3-compatible servers) has none we could abort: its lifecycle rule must
   * (docs/operations.md "Files in a bucket").
   */
  private async staleUploads(prefix = `${this.prefix}/`): Promise<Array<{ key: string; id: string; initiated: Date }>> {
    const before = Date.now() - STALE_UPLOAD_MS;
    const out: Array<{ key: string; id: string; initiated: Date }> = [];
    let keyMarker: string | undefined;
    let idMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: idMarker,
          }),
        );
        for (const u of page.Uploads ?? []) {
          if (u.Key && u.UploadId && u.Initiated && u.Initiated.getTime() < before)
            out.push({ key: u.Key, id: u.UploadId, initiated: u.Initiated });
        }
        [keyMarker, idMarker] = page.IsTruncated
          ? [page.NextKeyMarker, page.NextUploadIdMarker]
          : [undefined, undefined];
      } while (keyMarker);
    } catch (err) {
      // A store that cannot list unfinished uploads answers 501: it has none to abort here (a lifecycle rule ends them).
      if (err instanceof S3ServiceException && err.$metadata?.httpStatusCode === 501) return [];
      unavailable(err);
    }
    return out;
  }

  /**
   * Whether the bucket answers with these settings (for readiness, and at start): throws an Error
   * whose message names the setting to fix. A listing rather than HeadBucket: a HEAD's error has no
   * body, so a wrong key could not be told from a wrong secret.
   */
  async probe(): Promise<void> {
    try {
      await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}/`, MaxKeys: 1 }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      const name = (err as Error).name;
      const setting =
        name === 'InvalidAccessKeyId'
          ? 'S3_ACCESS_KEY_ID'
          : name === 'SignatureDoesNotMatch'
            ? 'S3_SECRET_ACCESS_KEY'
            : status === 404 || name === 'NoSuchBucket'
              ? 'S3_BUCKET'
              : status === 403
                ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
                : status === undefined
                  ? 'S3_ENDPOINT'
                  : 'S3_BUCKET';
      throw new Error(`the file bucket does not answer (${name}${status ? ` ${status}` : ''}): check ${setting}`, {
        cause: err,
      });
    }
  }
}
