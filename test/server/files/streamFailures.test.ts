/**
 * A download streamed from the store (platform/download.ts streamAttachment, platform/zip.ts
 * writeZip) when the store fails midway, or the reader leaves: the connection is cut — the reader
 * never takes a short file for a whole one — nothing waits forever, and the store's stream is let
 * go. The store here is a real stream that fails, served by a real HTTP server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { streamAttachment } from '../../../server/platform/download';
import { writeZip } from '../../../server/platform/zip';

/** `bytes` bytes, then a failure (a bucket connection reset, a disk read error). */
function failingAfter(bytes: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return void setTimeout(() => this.destroy(new Error('the store went away')), 20);
      sent = true;
      this.push(Buffer.alloc(bytes, 0x61));
    },
  });
}

/** Bytes for ever, for a reader that leaves. */
const endless = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024, 0x62));
    },
  });

let server: http.Server;
let port: number;
const opened: Readable[] = [];

beforeAll(async () => {
  const app = express();
  app.get('/one', (_req, res) => void streamAttachment(res, 'a.txt', 'text/plain', 100_000, failingAfter(1000)));
  app.get('/endless', (_req, res) => {
    const body = endless();
    opened.push(body);
    void streamAttachment(res, 'b.txt', 'text/plain', 1e12, body);
  });
  app.get(
    '/zip',
    (_req, res) =>
      void writeZip(
        res,
        [
          { path: 'a.txt', storedName: 'a' },
          { path: 'b.txt', storedName: 'b' },
        ],
        async (name) => (name === 'a' ? Readable.from([Buffer.from('whole')]) : failingAfter(1000)),
      ),
  );
  app.get('/zip-endless', (_req, res) => {
    const body = endless();
    opened.push(body);
    void writeZip(res, [{ path: 'b.txt', storedName: 'b' }], async () => body, { store: true });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server?.close(resolve)));

/** Reads an answer to its end or its cut: the bytes, and whether it ended as HTTP says it should. */
function fetchAll(
  path: string,
): Promise<{ status: number; length: string | undefined; bytes: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get({ agent: false, host: '127.0.0.1', port, path }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        const done = () =>
          resolve({ status: res.statusCode!, length: res.headers['content-length'], bytes, complete: res.complete });
        res.once('end', done);
        res.once('error', done);
        res.once('close', done);
      })
      .once('error', reject);
  });
}

test('a file whose store fails midway: its length was announced, and the connection is cut short of it', async () => {
  const got = await fetchAll('/one');
  expect(got).toMatchObject({ status: 200, length: '100000', complete: false });
  expect(got.bytes).toBeLessThan(100_000);
});

test('a zip whose second file fails midway: cut, not finished as if whole (and not left hanging)', async () => {
  const got = await fetchAll('/zip');
  expect(got).toMatchObject({ status: 200, complete: false });
});

test.each(['/endless', '/zip-endless'])('%s: a reader that leaves stops the reading of the store', async (path) => {
  opened.length = 0;
  await new Promise<void>((resolve, reject) => {
    const req = http.get({ agent: false, host: '127.0.0.1', port, path }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.once('error', () => undefined);
    setTimeout(() => reject(new Error('no data')), 5000);
  });
  await expect.poll(() => opened[0]?.destroyed, { timeout: 5000 }).toBe(true);
});
