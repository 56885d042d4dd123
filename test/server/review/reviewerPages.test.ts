/**
 * The reviewer screens as a browser receives them (issue 16; spec 2.12 manage/reviewer,
 * manage/reviewer/info/:userId): the list's island in both languages and on a phone, highlighted
 * in the menu, no raw key; a reviewer's page; for managers only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, callConference, type CallSite } from '../submissions/helpers';
import { addReviewer } from './reviewerHelpers';

let h: Harness;
let site: CallSite;
let reviewerId: number;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'rv-pages');
  reviewerId = (await addReviewer(h, site, 'shown@example.org', { fullName: 'Shown Person' })).reviewer.id;
});
afterAll(() => h?.stop());

test.each([
  ['zh', false],
  ['zh', true],
  ['en', false],
  ['en', true],
] as const)('%s (phone: %s): the list, highlighted, no raw key', async (lang, mobile) => {
  const { res, $ } = await page(h.app, '/platform/manage/reviewer', {
    host: site.host,
    token: site.manager,
    lang,
    mobile,
  });
  expect(res.status).toBe(200);
  const island = $('[data-island="ManageReviewers"]');
  expect(island.length).toBe(1);
  expect(island.text()).toContain('shown@example.org');
  expect(island.text()).toContain(lang === 'zh' ? '添加审稿人' : 'Add reviewer');
  expect($('a[href="/platform/manage/reviewer"][aria-current="page"]').length).toBeGreaterThan(0);
  expect($('body').text()).not.toMatch(/\breviewers:[a-zA-Z.]+/);
});

test("a reviewer's page: the record and its sections", async () => {
  const { res, $ } = await page(h.app, `/platform/manage/reviewer/info/${reviewerId}`, {
    host: site.host,
    token: site.manager,
    lang: 'en',
  });
  expect(res.status).toBe(200);
  const island = $('[data-island="ReviewerInfo"]');
  expect(island.text()).toContain('Shown Person');
  expect(island.text()).toContain('Conflicts of interest');
  expect($('a[href="/platform/manage/reviewer"][aria-current="page"]').length).toBeGreaterThan(0);
  const missing = await page(h.app, '/platform/manage/reviewer/info/999999', { host: site.host, token: site.manager });
  expect(missing.res.status).toBe(302);
  expect(missing.res.headers.location).toBe('/404');
});

test('an attendee is not let in; someone signed out goes to the login', async () => {
  const person = await attendee(h, site.cid);
  const { res } = await page(h.app, '/platform/manage/reviewer', { host: site.host, token: person.token });
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/403');
  const anonymous = await page(h.app, `/platform/manage/reviewer/info/${reviewerId}`, { host: site.host });
  expect(anonymous.res.headers.location).toContain('/conferencelogin?redirect=');
});
