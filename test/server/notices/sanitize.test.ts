/**
 * A notice's content is cleaned when saved (server/platform/sanitize.ts): what the personal
 * centre shows as HTML has no script, handler or javascript: link, and keeps its Chinese text.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { call } from '../registration/helpers';

let h: Harness;
let cid: number;
let manager: string;
let reader: string;
const host = 'notices.localhost';
const BASE = '/conference/platform/manage/notice';
const ATTACK = '<img src=x onerror=alert(1)><script>alert(2)</script><p>中文</p>';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'notices', domains: [host] }));
  manager = await h.login({ email: 'notice-boss@example.org', conferenceId: cid, roles: ['manager'] });
  reader = await h.login({ email: 'notice-reader@example.org', conferenceId: cid });
});
afterAll(() => h?.stop());

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script|onerror|alert|javascript:/i);
  expect(html).toContain('<p>中文</p>');
}

test('a new notice is stored cleaned, and read back cleaned', async () => {
  const res = await call(h, host, 'post', BASE, {
    token: manager,
    body: {
      titleZh: '通知',
      time: '2027-03-01T08:00:00.000Z',
      contentZh: ATTACK,
      contentEn: `<a href="javascript:alert(3)">x</a>${ATTACK}`,
    },
  });
  expect(res.body.code).toBe(200);
  const row = (await h.db('notices').where({ conference_id: cid }).first())!;
  expectClean(row.content_zh ?? '');
  expectClean(row.content_en ?? '');
  const [notice] = (await call(h, host, 'get', '/conference/notice', { token: reader })).body.data;
  expectClean(notice.contentZh);
  expect(notice.contentEn).toContain('<a>x</a>');
});

test('an edit is cleaned too; rich text stays as written', async () => {
  const { id } = (await h.db('notices').where({ conference_id: cid }).first())!;
  const rich =
    '<h2>日程</h2><p><b>粗体</b> <i>斜体</i> <u>下划线</u> <a href="https://example.org/a?b=1&amp;c=2" target="_blank">链接</a></p><ul><li>一</li></ul><table><tbody><tr><td colspan="2">表格</td></tr></tbody></table><img src="/files/abc.png" alt="图"><div style="text-align:center">居中</div>';
  await call(h, host, 'put', `${BASE}/${id}`, {
    token: manager,
    body: {
      titleZh: '通知',
      time: '2027-03-01T08:00:00.000Z',
      contentZh: `${rich}<iframe src="https://evil.example"></iframe><p onclick="steal()">中文</p>`,
    },
  }).expect(200);
  const row = (await h.db('notices').where({ id }).first())!;
  expect(row.content_zh).toBe(
    rich.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">') + '<p>中文</p>',
  );
});

test('the preview shows the content cleaned exactly as a save cleans it, stores nothing, and is for managers only', async () => {
  const before = await h.db('notices').where({ conference_id: cid }).count({ n: '*' }).first();
  const res = await call(h, host, 'post', `${BASE}/preview`, { token: manager, body: { content: ATTACK } });
  expect(res.body.code).toBe(200);
  expectClean(res.body.data.html);
  expect(await h.db('notices').where({ conference_id: cid }).count({ n: '*' }).first()).toEqual(before);
  expect((await call(h, host, 'post', `${BASE}/preview`, { token: reader, body: { content: ATTACK } })).status).toBe(
    403,
  );
  const tooLong = await call(h, host, 'post', `${BASE}/preview`, {
    token: manager,
    lang: 'en',
    body: { content: 'x'.repeat(200_001) },
  });
  expect(tooLong.status).toBe(400);
  expect((await call(h, host, 'post', `${BASE}/preview`, { token: manager, body: { content: 12 } })).status).toBe(400);
});
