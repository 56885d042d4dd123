/**
 * One suite for both file stores (server/platform/files.ts): the disk under a temporary folder, and
 * the S3 bucket on an S3-protocol server this file starts (s3rver, test/helpers/s3.ts). What the
 * features rely on must hold on either: names, streams both ways, the size limit leaving nothing
 * behind, scopes kept apart, nothing outside the store reachable by a name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DiskFileStore, FileTooLarge, NAME, type FileStore, type StoredEntry } from '../../../server/platform/files';
import { S3FileStore, s3ClientFor } from '../../../server/platform/s3Files';
import { AppError } from '../../../server/platform/errors';
import { startTestBucket, type TestBucket } from '../../helpers/s3';

let bucket: TestBucket;
const roots: string[] = [];
let made = 0;

beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.stop();
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A new, empty store of each kind for each test. */
const kinds: Array<[string, () => FileStore]> = [
  [
    'disk',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'filestore-'));
      roots.push(root);
      return new DiskFileStore(root);
    },
  ],
  ['s3', () => new S3FileStore(s3ClientFor(bucket.settings), bucket.settings.S3_BUCKET, `t${++made}`)],
];

/** `count` chunks of `size` random bytes, as a stream, and all of them together. */
function chunks(count: number, size: number): { stream: Readable; bytes: Buffer } {
  const parts = Array.from({ length: count }, () => crypto.randomBytes(size));
  return { stream: Readable.from(parts), bytes: Buffer.concat(parts) };
}

async function all(store: FileStore): Promise<StoredEntry[]> {
  const out: StoredEntry[] = [];
  for await (const e of store.entries()) out.push(e);
  return out;
}

async function drain(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe.each(kinds)('the %s file store', (_kind, make) => {
  it('keeps bytes under a new generated name, reads them whole and as a stream', async () => {
    const store = make();
    const bytes = crypto.randomBytes(1000);
    const name = await store.put('c1', bytes, 'pdf');
    expect(name).toMatch(NAME);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(await store.put('c1', bytes, 'pdf')).not.toBe(name);
    expect(await store.read('c1', name)).toEqual(bytes);
    expect(await drain((await store.open('c1', name))!)).toEqual(bytes);
  });

  it('stores a stream, in several parts when it is large, and answers its size', async () => {
    const store = make();
    const small = chunks(3, 10_000);
    const one = await store.putStream('c1', small.stream, 'bin', 1_000_000);
    expect(one.size).toBe(30_000);
    expect(await store.read('c1', one.name)).toEqual(small.bytes);
    // Past the 5 MB part size: a multipart upload in the bucket.
    const large = chunks(12, 512 * 1024);
    const two = await store.putStream('c1', large.stream, 'bin', 10 * 1024 * 1024);
    expect(two.size).toBe(6 * 1024 * 1024);
    expect((await drain((await store.open('c1', two.name))!)).equals(large.bytes)).toBe(true);
  });

  it('refuses a stream past its limit and keeps nothing of it', async () => {
    const store = make();
    await expect(store.putStream('c1', chunks(3, 10_000).stream, 'bin', 25_000)).rejects.toBeInstanceOf(FileTooLarge);
    // Refused after a first 5 MB part was sent.
    await expect(store.putStream('c1', chunks(16, 512 * 1024).stream, 'bin', 6 * 1024 * 1024)).rejects.toBeInstanceOf(
      FileTooLarge,
    );
    expect(await all(store)).toEqual([]);
    // Exactly the limit is allowed.
    expect((await store.putStream('c1', chunks(1, 25_000).stream, 'bin', 25_000)).size).toBe(25_000);
  });

  it('passes on the failure of the source, keeping nothing', async () => {
    const store = make();
    const failing = Readable.from(
      (async function* () {
        yield crypto.randomBytes(1000);
        throw new Error('the client went away');
      })(),
    );
    await expect(store.putStream('c1', failing, 'bin', 1_000_000)).rejects.toThrow('the client went away');
    expect(await all(store)).toEqual([]);
  });

  it('keeps scopes apart, answers null for a missing name, and removes', async () => {
    const store = make();
    const name = await store.put('c1', Buffer.from('one'), 'txt');
    expect(await store.read('c2', name)).toBeNull();
    expect(await store.open('c2', name)).toBeNull();
    const missing = `${'A'.repeat(24)}.txt`;
    expect(await store.read('c1', missing)).toBeNull();
    expect(await store.open('c1', missing)).toBeNull();
    await store.remove('c1', name);
    expect(await store.read('c1', name)).toBeNull();
    await store.remove('c1', name); // twice is fine
  });

  it('refuses names it could not have made', async () => {
    const store = make();
    expect(await store.read('c1', '../../secret')).toBeNull();
    expect(await store.open('c1', '../../secret')).toBeNull();
    await expect(store.put('c1', Buffer.from('x'), '../x')).rejects.toThrow('bad file name');
    await expect(store.put('../c1', Buffer.from('x'), 'txt')).rejects.toThrow('bad file name');
    await expect(store.putStream('C1/x', Readable.from([Buffer.from('x')]), 'txt', 10)).rejects.toThrow(
      'bad file name',
    );
    await expect(store.remove('c1', '../../secret')).rejects.toThrow('bad file name');
  });

  it('lists what it wrote, by scope, and discards a listed entry', async () => {
    const store = make();
    const before = Date.now() - 60_000;
    const a = await store.put('c1', Buffer.from('a'), 'txt');
    const b = await store.put('c2', Buffer.from('b'), 'txt');
    const listed = await all(store);
    expect(listed.map((e) => `${e.scope}/${e.name}/${e.partial}`).sort()).toEqual(
      [`c1/${a}/false`, `c2/${b}/false`].sort(),
    );
    for (const e of listed) expect(e.modifiedAt.getTime()).toBeGreaterThan(before);
    await store.discard(listed.find((e) => e.name === a)!);
    expect((await all(store)).map((e) => e.name)).toEqual([b]);
  });
});

describe('the S3 file store', () => {
  it('keeps its prefix apart from another store in the same bucket, and ignores keys it did not make', async () => {
    const client = s3ClientFor(bucket.settings);
    const files = new S3FileStore(client, bucket.settings.S3_BUCKET, 'files');
    const work = new S3FileStore(client, bucket.settings.S3_BUCKET, 'work');
    const name = await files.put('c1', Buffer.from('upload'), 'txt');
    await client.send(
      new PutObjectCommand({ Bucket: bucket.settings.S3_BUCKET, Key: 'files/c1/not-ours.txt', Body: 'x' }),
    );
    await client.send(
      new PutObjectCommand({ Bucket: bucket.settings.S3_BUCKET, Key: `files/c1/sub/${name}`, Body: 'x' }),
    );
    expect(await work.read('c1', name)).toBeNull();
    expect(await all(work)).toEqual([]);
    expect((await all(files)).map((e) => e.name)).toEqual([name]);
  });

  it('lists past one page of a listing', async () => {
    const store = new S3FileStore(s3ClientFor(bucket.settings), bucket.settings.S3_BUCKET, 'paged', 2);
    const names = [];
    for (let i = 0; i < 5; i++) names.push(await store.put(`c${i % 2}`, Buffer.from(String(i)), 'txt'));
    expect((await all(store)).map((e) => e.name).sort()).toEqual(names.sort());
  });

  it('names the setting to fix when the bucket refuses', async () => {
    const store = (over: object) =>
      new S3FileStore(s3ClientFor({ ...bucket.settings, ...over }), bucket.settings.S3_BUCKET, 'files');
    await expect(store({}).probe()).resolves.toBeUndefined();
    // (s3rver knows its key ids but does not check v4 signatures: a wrong secret cannot be shown here.)
    await expect(store({ S3_ACCESS_KEY_ID: 'NOBODY' }).probe()).rejects.toThrow(/check S3_ACCESS_KEY_ID/);
    await expect(new S3FileStore(s3ClientFor(bucket.settings), 'no-such-bucket', 'files').probe()).rejects.toThrow(
      /check S3_BUCKET/,
    );
  });

  it('answers 503 when the bucket cannot be reached, never a 500 or a "not found"', async () => {
    const gone = await startTestBucket();
    await gone.stop();
    const store = new S3FileStore(s3ClientFor(gone.settings), gone.settings.S3_BUCKET, 'files');
    await expect(store.probe()).rejects.toThrow(/check S3_ENDPOINT/);
    const attempts = [
      () => store.put('c1', Buffer.from('x'), 'txt'),
      () => store.read('c1', `${'A'.repeat(24)}.txt`),
      () => store.putStream('c1', Readable.from([Buffer.from('x')]), 'txt', 10),
    ];
    for (const attempt of attempts) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(503);
    }
  });
});
