/**
 * The review configuration screen as a browser receives it (issue 16; spec 2.12 config/review):
 * its island in both languages and on a phone, highlighted in the customisation menu, no raw key;
 * for managers only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { feeConference } from '../orders/helpers';
import { attendee } from '../submissions/helpers';

let h: Harness;
let site: { cid: number; host: string; manager: string };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const { cid, host } = await feeConference(h, 'review-pages');
  site = {
    cid,
    host,
    manager: await h.login({ email: 'review-pages@example.org', conferenceId: cid, roles: ['manager'] }),
  };
});
afterAll(() => h?.stop());

test.each([
  ['zh', false],
  ['zh', true],
  ['en', false],
  ['en', true],
] as const)('%s (phone: %s): the island, highlighted, no raw key', async (lang, mobile) => {
  const { res, $ } = await page(h.app, '/platform/config/review', {
    host: site.host,
    token: site.manager,
    lang,
    mobile,
  });
  expect(res.status).toBe(200);
  expect($('[data-island="ManageReviewConfig"]').length).toBe(1);
  expect(
    $(
      'a[href="/platform/config/review"][aria-current="page"], a.active[href="/platform/config/review"], .active a[href="/platform/config/review"]',
    ).length,
  ).toBeGreaterThan(0);
  expect($('body').text()).not.toMatch(/\breview:[a-zA-Z.]+/);
  expect($('[data-island="ManageReviewConfig"]').text()).toContain(lang === 'zh' ? '盲审' : 'Blind review');
});

test('an attendee is not let in', async () => {
  const person = await attendee(h, site.cid);
  const { res } = await page(h.app, '/platform/config/review', { host: site.host, token: person.token });
  expect([302, 403, 404]).toContain(res.status);
});
