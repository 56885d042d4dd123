/**
 * The page routes and the size of their bodies agree (issue 10, low): page HTML may hold
 * 4,000,000 characters, so page save and preview take JSON bodies up to 32 MB — read only once the
 * caller is known to be a manager — while every other API call keeps its 1 MB limit. Past either
 * limit the answer is a translated refusal, and nothing is saved.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newPage, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
});
afterAll(() => w?.stop());

const pageCount = async () =>
  Number((await w.h.db('pages').where({ conference_id: w.a }).count({ n: '*' }).first())!.n);
/** HTML of exactly `length` characters, mostly CJK (3 bytes each in UTF-8). */
const bigHtml = (length: number) => `<p>${'汉'.repeat(length - 7)}</p>`;

test('a page of 4,000,000 characters (12 MB as JSON) is saved, read back whole, and previewed', async () => {
  const html = bigHtml(4_000_000);
  const res = await w.call('post', '/conference/page/save', { body: newPage(w, { name: 'Huge', html }) });
  expect(res.body.code, JSON.stringify(res.body).slice(0, 200)).toBe(200);
  const row = await w.h.db('pages').where({ conference_id: w.a, id: res.body.data.id }).first('html');
  expect(row!.html.length).toBe(4_000_000);
  expect(row!.html).toBe(html);
  const preview = await w.call('post', '/conference/page/preview', {
    body: { type: 'PAGE', lang: 'en', html: bigHtml(2_000_000), templateId: w.idsA.page },
  });
  expect(preview.body.code).toBe(200);
});

test('one character more is refused by the schema with its message', async () => {
  const before = await pageCount();
  const res = await w.call('post', '/conference/page/save', {
    body: newPage(w, { name: 'Too big', html: bigHtml(4_000_001) }),
  });
  expect(res.body).toMatchObject({ code: 400, message: 'managePages:htmlTooLong', field: 'html' });
  expect(await pageCount()).toBe(before);
});

test('a body past 32 MB is refused with the same message, before it is parsed', async () => {
  const before = await pageCount();
  const res = await w.call('post', '/conference/page/save', {
    body: newPage(w, { name: 'Far too big', html: 'x'.repeat(33 * 1024 * 1024) }),
  });
  expect(res.status).toBe(413);
  expect(res.body).toMatchObject({ code: 413, message: 'managePages:htmlTooLong', field: 'html' });
  expect(await pageCount()).toBe(before);
});

test('only managers get the larger limit: others are refused before their body is read', async () => {
  const body = newPage(w, { html: bigHtml(1_000_000) });
  expect((await w.call('post', '/conference/page/save', { body, token: null })).status).toBe(401);
  expect((await w.call('post', '/conference/page/save', { body, token: w.managerB })).status).toBe(401);
});

test('every other API call keeps the 1 MB limit', async () => {
  const res = await w.call('post', '/conference/platform/config/website/save', {
    body: { firstTitle: { zh: 'x'.repeat(2 * 1024 * 1024), en: '' } },
  });
  expect(res.status).toBe(413);
  expect(res.body).toMatchObject({ code: 413, message: 'commonMsg.tooLarge' });
});
