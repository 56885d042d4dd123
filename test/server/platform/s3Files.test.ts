/**
 * The platform on a bucket (S3_BUCKET and its settings, on s3rver started here): an upload is
 * stored in the bucket, not on disk, and served back through /files/; a bucket that is gone
 * answers 503 and leaves no row; and `npm run files:to-s3` moves a disk tree into the bucket,
 * a second run moving nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { loadConfig } from '../../../server/config';
import { DiskFileStore } from '../../../server/platform/files';
import { s3ClientFor } from '../../../server/platform/s3Files';
import { moveFilesToBucket } from '../../../server/scripts/filesToS3';
import { createHarness, type Harness } from '../../helpers/harness';
import { startTestBucket, type TestBucket } from '../../helpers/s3';
import { contractSite } from '../../fixtures/contractSite';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const host = 'contract.localhost';

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(() => bucket?.stop());

async function keys(prefix: string): Promise<string[]> {
  const page = await s3ClientFor(bucket.settings).send(
    new ListObjectsV2Command({ Bucket: bucket.settings.S3_BUCKET, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

describe('the S3 settings', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-')), SECRET: 'x'.repeat(40), ...env });

  test('unset or empty, files stay on disk; set, S3_REGION and S3_FORCE_PATH_STYLE have their defaults', () => {
    expect(load({})().S3_BUCKET).toBeUndefined();
    expect(load({ S3_BUCKET: '' })().S3_BUCKET).toBeUndefined();
    expect(load(bucket.env)()).toMatchObject({ S3_BUCKET: 'platform-test', S3_FORCE_PATH_STYLE: true });
    expect(load({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })()).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  test('a bucket without its keys, or a bad value, stops the start naming the variable', () => {
    expect(load({ S3_BUCKET: 'b-1' })).toThrow(
      /S3_ACCESS_KEY_ID is required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY is required/,
    );
    expect(load({ ...bucket.env, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(load({ ...bucket.env, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(load({ ...bucket.env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });
});

describe('the files feature on a bucket', () => {
  let h: Harness;
  let manager: string;
  let conferenceId: number;
  const upload = () =>
    request(h.app)
      .post('/api/conference/file/upload?kind=banner')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${manager}`)
      .attach('file', PNG, 'banner.png');

  beforeAll(async () => {
    h = await createHarness({ seedDemo: false, env: bucket.env });
    conferenceId = await h.provision(contractSite());
    manager = await h.login({ email: 'mgr@example.org', conferenceId, roles: ['manager'] });
  });
  afterAll(() => h?.stop());

  test('an upload is stored in the bucket, not on disk, and served back through its route', async () => {
    const res = await upload();
    expect(res.status).toBe(200);
    const name = res.body.data.name as string;
    expect(await keys(`files/c${conferenceId}/`)).toEqual([`files/c${conferenceId}/${name}`]);
    const object = await s3ClientFor(bucket.settings).send(
      new GetObjectCommand({ Bucket: bucket.settings.S3_BUCKET, Key: `files/c${conferenceId}/${name}` }),
    );
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(h.config.DATA_DIR, 'files', `c${conferenceId}`, name))).toBe(false);
    const file = await request(h.app).get(res.body.data.url).set('Host', host).buffer(true);
    expect(file.status).toBe(200);
    expect((file.body as Buffer).equals(PNG)).toBe(true);
  });

  test("the sweeper removes an object of the bucket that no row names, and keeps the others'", async () => {
    const kept = (await upload()).body.data.name as string;
    // What a crash between the write and its row leaves: an object no row names.
    const name = `${'O'.repeat(24)}.png`;
    await s3ClientFor(bucket.settings).send(
      new PutObjectCommand({ Bucket: bucket.settings.S3_BUCKET, Key: `files/c${conferenceId}/${name}`, Body: PNG }),
    );
    // An hour later, past the grace every new object has.
    expect(await h.files.sweepOrphans(new Date(Date.now() + 60 * 60_000))).toBe(1);
    const left = await keys(`files/c${conferenceId}/`);
    expect(left).toContain(`files/c${conferenceId}/${kept}`);
    expect(left).not.toContain(`files/c${conferenceId}/${name}`);
  });

  test('a bucket that cannot be reached: the upload answers 503 and leaves no row', async () => {
    const gone = await startTestBucket();
    await gone.stop();
    const down = await createHarness({ seedDemo: false, env: gone.env });
    try {
      const id = await down.provision(contractSite());
      const token = await down.login({ email: 'mgr@example.org', conferenceId: id, roles: ['manager'] });
      const res = await request(down.app)
        .post('/api/conference/file/upload?kind=banner')
        .set('Host', host)
        .set('Origin', `http://${host}`)
        .set('Cookie', `token=${token}`)
        .attach('file', PNG, 'banner.png');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('commonMsg.storageUnavailable');
      expect(Number((await down.db('files').count({ n: '*' }).first())?.n)).toBe(0);
      // A file's address, a page route: 503 with Retry-After and the reader's text, not a 500 page.
      await down.db('files').insert({
        conference_id: id,
        kind: 'banner',
        stored_name: `${'B'.repeat(24)}.png`,
        original_name: 'b.png',
        content_type: 'image/png',
        size: 4,
        created_at: new Date().toISOString().slice(0, 23).replace('T', ' '),
      });
      const page = await request(down.app)
        .get(`/files/${'B'.repeat(24)}.png`)
        .set('Host', host);
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.text).not.toMatch(/<html/);
      // Not ready: a proxy sends this instance nothing while its bucket is gone.
      const ready = await request(down.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.bucket).not.toBe('ok');
    } finally {
      await down.stop();
    }
  });
});

describe('npm run files:to-s3', () => {
  test('moves a disk tree into the bucket under the same names; a second run moves nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'to-s3-'));
    try {
      const files = new DiskFileStore(path.join(dataDir, 'files'));
      const work = new DiskFileStore(path.join(dataDir, 'work'));
      const a = await files.put('c7', Buffer.from('first'), 'pdf');
      const b = await files.put('c8', Buffer.alloc(200_000, 7), 'png');
      const c = await work.put('c7', Buffer.from('export'), 'xlsx');
      // An unfinished write is not moved.
      fs.writeFileSync(path.join(dataDir, 'files', 'c7', `${'P'.repeat(24)}.pdf.part`), 'half');
      const lines: string[] = [];
      const s3 = { ...bucket.settings };

      const first = await moveFilesToBucket({ dataDir, s3, say: (l) => lines.push(l) });
      expect(first).toEqual({ copied: 3, bytes: 5 + 200_000 + 6, present: 0, removed: 0, failed: 0 });
      expect(lines.filter((l) => l.startsWith('copied files/') || l.startsWith('copied work/'))).toHaveLength(3);
      expect(await keys('files/c7/')).toEqual([`files/c7/${a}`]);
      expect(await keys('files/c8/')).toEqual([`files/c8/${b}`]);
      expect(await keys('work/c7/')).toEqual([`work/c7/${c}`]);

      const second = await moveFilesToBucket({ dataDir, s3 });
      expect(second).toEqual({ copied: 0, bytes: 0, present: 3, removed: 0, failed: 0 });

      // With --remove, the disk copies go once the bucket holds them.
      const third = await moveFilesToBucket({ dataDir, s3, remove: true });
      expect(third).toMatchObject({ copied: 0, present: 3, removed: 3 });
      expect(await files.read('c7', a)).toBeNull();
      const object = await s3ClientFor(bucket.settings).send(
        new GetObjectCommand({ Bucket: bucket.settings.S3_BUCKET, Key: `files/c8/${b}` }),
      );
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.alloc(200_000, 7))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
