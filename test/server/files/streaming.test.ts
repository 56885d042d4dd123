/**
 * Files stream both ways (issue 31), on disk and in a bucket (s3rver, test/helpers/s3.ts): an
 * upload reaches the store as it arrives and a download leaves it as the reader takes it, so the
 * server never holds a whole file; a refused upload leaves nothing (no object, no row, no budget).
 *
 * "Holds" is measured: the client (here, a raw HTTP request writing one reused 1 MB block) stops
 * midway, the server takes what was sent, and after a full collection the process's ArrayBuffer
 * memory has grown by far less than what arrived (a server that buffered the file would hold all of it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import request from 'supertest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3ClientFor } from '../../../server/platform/s3Files';
import { createHarness, type Harness } from '../../helpers/harness';
import { startTestBucket, type TestBucket } from '../../helpers/s3';
import { openRegistration, setForm } from '../../helpers/registration';
import { testForm } from '../registration/helpers';
import { contractSite } from '../../fixtures/contractSite';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
/** The largest general file (rules.ts). */
const MAX = 20 * MB;
const BOUNDARY = '----streaming-test';
/** The file is made of these blocks, the first starting as a PDF: the test never holds it whole either. */
const FIRST = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MB - 9, 0x41)]);
const BLOCKS = [Buffer.alloc(MB, 0x42), Buffer.alloc(MB, 0x43)];
const blockAt = (offset: number) => (offset === 0 ? FIRST : BLOCKS[(offset / MB) % 2]);

const held = () => {
  gc();
  return process.memoryUsage().arrayBuffers;
};

async function until<T>(probe: () => T | Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(['disk', 'bucket'] as const)('on %s', (where) => {
  let bucket: TestBucket | undefined;
  let h: Harness;
  let server: http.Server;
  let port: number;
  let lastSocket: Socket;
  let conferenceId: number;
  let manager: string;
  const host = `stream-${where}.localhost`;

  beforeAll(async () => {
    if (where === 'bucket') bucket = await startTestBucket();
    h = await createHarness({ seedDemo: false, env: { ...bucket?.env, TEMP_UPLOAD_PER_IP_PER_HOUR: '100000' } });
    conferenceId = await h.provision(contractSite({ slug: `stream-${where}`, domains: [host], status: '4' }));
    await setForm(h.db, conferenceId, 'default', testForm());
    await openRegistration(h.db, conferenceId);
    manager = await h.login({ email: 'mgr@example.org', conferenceId, roles: ['manager'] });
    server = http.createServer(h.app);
    server.on('connection', (socket: Socket) => (lastSocket = socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await h?.stop();
    await bucket?.stop();
  });

  /** What the store holds for the conference: objects in the bucket, or files (.part ones too) on disk. */
  async function inStore(): Promise<string[]> {
    if (bucket) {
      const page = await s3ClientFor(bucket.settings).send(
        new ListObjectsV2Command({ Bucket: bucket.settings.S3_BUCKET, Prefix: `files/c${conferenceId}/` }),
      );
      return (page.Contents ?? []).map((o) => o.Key!);
    }
    const dir = path.join(h.config.DATA_DIR, 'files', `c${conferenceId}`);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => d.name)
      : [];
  }

  /** A multipart upload written as it goes: `sendUpTo` whole megabytes, then `finish`. */
  function startUpload(urlPath: string, opts: { size: number; name?: string; cookie?: string; declared?: number }) {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'big.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    // A connection of its own (no keep-alive agent): the server's socket counts this request's bytes only.
    const req = http.request({
      agent: false,
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: urlPath,
      headers: {
        Host: host,
        Origin: `http://${host}`,
        ...(opts.cookie ? { Cookie: opts.cookie } : {}),
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': opts.declared ?? head.length + opts.size + tail.length,
      },
    });
    const answer = new Promise<{
      status: number;
      body: { message: string; data: { name: string; url: string; size: number } };
    }>((resolve, reject) => {
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      });
      req.once('error', reject);
    });
    answer.catch(() => undefined);
    const hash = crypto.createHash('sha256');
    let sent = 0;
    req.write(head);
    return {
      req,
      answer,
      head,
      hash,
      async sendUpTo(n: number) {
        while (sent < n) {
          const piece = blockAt(sent).subarray(0, Math.min(MB, n - sent));
          hash.update(piece);
          sent += piece.length;
          if (!req.write(piece)) await once(req, 'drain');
        }
      },
      async finish() {
        await this.sendUpTo(opts.size);
        req.end(tail);
        return answer;
      },
    };
  }

  test('a 20 MB upload reaches the store as it arrives: with all its bytes received, the server holds far less', async () => {
    // On disk, a write stream's buffers; in a bucket, the parts of the upload (lib-storage: two 5 MB
    // parts in flight and one filling, whatever the file's size). A server that buffered the file
    // would hold its 20 MB.
    const bound = where === 'disk' ? 8 * MB : 17.5 * MB;
    const before = held();
    const upload = startUpload('/api/conference/file/upload?kind=file', { size: MAX, cookie: `token=${manager}` });
    // A failure must not leave the request open (the server would not close).
    onTestFinished(() => void upload.req.destroy());
    // Every byte of the file, not the form's end: the server cannot have finished with it.
    await upload.sendUpTo(MAX);
    // The server has read them off the socket...
    await until(
      () => lastSocket.bytesRead,
      (n) => n >= upload.head.length + MAX,
    );
    // ...and, once the store has taken them, holds far less.
    const grown = await until(
      () => held() - before,
      (n) => n < bound,
    );
    expect(grown).toBeLessThan(bound);
    const res = await upload.finish();
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(MAX);
    const sent = upload.hash.digest('hex');

    // The download leaves the store as the reader takes it: a reader that stops holds it back.
    const baseline = held();
    const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ agent: false, host: '127.0.0.1', port, path: res.body.data.url, headers: { Host: host } }, resolve)
        .once('error', reject),
    );
    onTestFinished(() => void download.destroy());
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(MAX));
    const hash = crypto.createHash('sha256');
    let got = 0;
    // Paused in the listener itself: no chunk may flow past the hash.
    const first = await new Promise<Buffer>((resolve) =>
      download.once('data', (chunk: Buffer) => {
        download.pause();
        resolve(chunk);
      }),
    );
    hash.update(first);
    got += first.length;
    // A server that read the file whole would hold its 20 MB as long as the reader waits (what
    // else runs in the worker comes and goes: the lowest of a few seconds' samples is taken).
    expect(
      await until(
        () => held() - baseline,
        (n) => n < 8 * MB,
        5_000,
      ),
    ).toBeLessThan(8 * MB);
    for await (const chunk of download) {
      hash.update(chunk as Buffer);
      got += (chunk as Buffer).length;
    }
    expect(got).toBe(MAX);
    expect(hash.digest('hex')).toBe(sent);
  });

  test('an upload past the kind’s size is refused with its key and leaves nothing: no object, no row, no budget', async () => {
    const files = await h.db('files').where({ conference_id: conferenceId }).count({ n: '*' }).first();
    const objects = await inStore();
    const upload = startUpload('/api/conference/conferenceUser/temp/upload', { size: MAX + 1 });
    const res = await upload.finish();
    expect(res).toMatchObject({ status: 400, body: { message: 'files:fileTooLarge' } });
    expect(await h.db('files').where({ conference_id: conferenceId }).count({ n: '*' }).first()).toEqual(files);
    expect(await inStore()).toEqual(objects);
    expect(await h.files.temporary.used(conferenceId)).toBe(0);
    expect(await h.files.temporary.used(0)).toBe(0);
  });

  test('a body declared past the size is refused before it is read', async () => {
    // Only the form's head is sent: the answer comes while the declared body is still to come.
    const upload = startUpload('/api/conference/conferenceUser/temp/upload', { size: 0, declared: MAX + MB });
    const res = await upload.answer;
    expect(res).toMatchObject({ status: 400, body: { message: 'files:fileTooLarge' } });
    upload.req.destroy();
    expect(await h.files.temporary.used(conferenceId)).toBe(0);
  });

  test('text is checked to its last byte, and the size still comes first', async () => {
    const before = await inStore();
    const css = (bytes: Buffer) =>
      request(h.app)
        .post('/api/conference/file/upload?kind=css')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${manager}`)
        .attach('file', bytes, 'theme.css');
    // A NUL 600 KB in: past the head sniffed at first, refused on the way to the store.
    const late = Buffer.concat([Buffer.alloc(600 * 1024, 0x61), Buffer.from([0]), Buffer.alloc(1000, 0x61)]);
    expect((await css(late)).body).toMatchObject({ message: 'files:cssOnly', field: 'file' });
    // A UTF-8 sequence cut at the very end.
    expect((await css(Buffer.concat([Buffer.alloc(100, 0x61), Buffer.from('中').subarray(0, 2)]))).body.message).toBe(
      'files:cssOnly',
    );
    // Not text and too large: too large, as check() answers for bytes in memory.
    expect((await css(Buffer.concat([Buffer.from([0]), Buffer.alloc(MB, 0x61)]))).body.message).toBe(
      'files:cssTooLarge',
    );
    expect(
      (await css(Buffer.concat([Buffer.alloc(100, 0x61), Buffer.from([0]), Buffer.alloc(MB, 0x61)]))).body.message,
    ).toBe('files:cssTooLarge');
    // A refusal by size can answer while the refused stream's .part file is still being removed
    // (seen once under CI's load on MariaDB): nothing may stay, so wait a moment for it to go.
    let left = await inStore();
    for (let i = 0; i < 40 && left.length !== before.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      left = await inStore();
    }
    expect(left).toEqual(before);
    expect((await css(Buffer.from('body { color: #123; } /* 中文 */'))).status).toBe(200);
  });

  test('saveStream: a temporary upload reserves the largest file, keeps its size, and a refusal gives all back', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * MB, 0x20)]);
    const saved = await h.files.saveStream(
      conferenceId,
      null,
      'attachment',
      'cv.pdf',
      Readable.from([pdf.subarray(0, 5), pdf.subarray(5)]),
      { temporary: true },
    );
    expect(saved).toMatchObject({ size: pdf.length, originalName: 'cv.pdf', contentType: 'application/pdf' });
    expect(await h.files.temporary.used(conferenceId)).toBe(pdf.length);
    const found = await h.files.find(conferenceId, saved.name);
    expect(found?.bytes.equals(pdf)).toBe(true);
    await expect(
      h.files.saveStream(conferenceId, null, 'attachment', 'cv.pdf', Readable.from([Buffer.from('MZ not a pdf')]), {
        temporary: true,
      }),
    ).rejects.toMatchObject({ messageKey: 'files:fileType' });
    await expect(
      h.files.saveStream(conferenceId, null, 'photo', 'p.png', Readable.from([Buffer.alloc(0)]), { temporary: true }),
    ).rejects.toMatchObject({ messageKey: 'files:imageJpgPng' });
    expect(await h.files.temporary.used(conferenceId)).toBe(pdf.length);
    expect(await h.files.sweepTemporary(new Date(Date.now() + 24 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await h.files.temporary.used(conferenceId)).toBe(0);
  });
});
