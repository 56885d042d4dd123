/** Uploads: checked by size, name and content; stored per conference; served as attachments. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let manager: string;
const host = 'contract.localhost';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

const upload = (kind: string, name: string, bytes: Buffer, token = manager, hostName = host) =>
  request(h.app)
    .post(`/api/conference/file/upload?kind=${kind}`)
    .set('Host', hostName)
    .set('Origin', `http://${hostName}`)
    .set('Cookie', `token=${token}`)
    .attach('file', bytes, name);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const conferenceId = await h.provision(contractSite());
  await h.provision(contractSite({ slug: 'other', domains: ['other.localhost'] }));
  manager = await h.login({ email: 'mgr@example.org', conferenceId, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('accepted', () => {
  test('a png banner is stored under a generated name and served as an attachment, not sniffed', async () => {
    const res = await upload('banner', '会议横幅.png', PNG);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'banner',
      originalName: '会议横幅.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(res.body.data.url).toMatch(/^\/files\/[A-Za-z0-9_-]{24}\.png$/);
    const file = await request(h.app).get(res.body.data.url).set('Host', host).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // The UTF-8 name, with an ASCII fallback before it for old clients (server/platform/download.ts).
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('会议横幅.png')}`,
    );
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
  });

  test('a css file of plain text is accepted', async () => {
    expect((await upload('css', 'theme.css', Buffer.from('body { color: #123; } /* 中文 */'))).status).toBe(200);
  });

  test("another conference's domain cannot read the file", async () => {
    const { body } = await upload('image', 'photo.jpg', JPG);
    expect((await request(h.app).get(body.data.url).set('Host', 'other.localhost')).status).toBe(404);
  });
});

describe('refused, and nothing stored', () => {
  test.each([
    ['banner', 'fake.png', Buffer.from('GIF89a not a png at all'), 'files:imageJpgPng'],
    ['banner', 'photo.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]), 'files:imageJpgPng'],
    ['banner', 'renamed.jpg', PNG, 'files:imageJpgPng'],
    ['thumbnail', 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'files:thumbnailTooLarge'],
    ['css', 'theme.css', Buffer.concat([Buffer.from('body{}'), Buffer.from([0])]), 'files:cssOnly'],
    ['css', 'big.css', Buffer.alloc(1024 * 1024 + 1, 0x61), 'files:cssTooLarge'],
    ['css', 'script.js', Buffer.from('alert(1)'), 'files:cssOnly'],
    ['file', 'tool.exe', Buffer.from('MZ....'), 'files:fileType'],
    ['image', 'empty.png', Buffer.alloc(0), 'files:imageOnly'],
  ])('%s %s → %s', async (kind, name, bytes, message) => {
    const before = await h.db('files').count({ n: '*' }).first();
    const res = await upload(kind, name, bytes);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field: 'file' });
    expect(await h.db('files').count({ n: '*' }).first()).toEqual(before);
  });

  test('a banner over 10 MB is refused while it is read', async () => {
    const res = await upload('banner', 'huge.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(res.body).toMatchObject({ code: 400, message: 'files:bannerTooLarge' });
  });

  test('an unknown kind and a missing file are refused', async () => {
    expect((await upload('script', 'a.png', PNG)).body.message).toBe('files:kindInvalid');
    const res = await request(h.app)
      .post('/api/conference/file/upload?kind=image')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${manager}`)
      .field('x', '1');
    expect(res.body.message).toBe('files:noFile');
  });

  test('only managers may upload', async () => {
    const attendee = await h.login({ email: 'att@example.org', conferenceId: 1, roles: ['attendee'] });
    expect((await upload('image', 'a.png', PNG, attendee)).status).toBe(403);
    expect(
      (
        await request(h.app)
          .post('/api/conference/file/upload?kind=image')
          .set('Host', host)
          .set('Origin', `http://${host}`)
          .attach('file', PNG, 'a.png')
      ).status,
    ).toBe(401);
  });
});
