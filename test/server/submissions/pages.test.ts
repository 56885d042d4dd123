/**
 * The submission screens as a browser receives them (issue 15; spec 2.10, 2.12): the author's
 * page and a manuscript's details, the managers' list, the assignment screen, a manuscript's
 * details and the configuration each render their island, in both languages and on a phone,
 * highlighted in their menu, with no untranslated key; the managers' screens are for managers;
 * a signed-out visitor is sent to sign in and back; someone else's manuscript is not found.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { attendee, call, callConference, ok, submissionBody, type CallSite } from './helpers';

let h: Harness;
let site: CallSite;
let person: { token: string; userId: number };
let id = 0;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'cfp-pages');
  person = await attendee(h, site.cid);
  id = ok<{ id: number }>(
    await call(h, site.host, 'post', '/conference/submission', {
      token: person.token,
      body: submissionBody(site, { title: 'Graph learning at scale' }),
    }),
  ).id;
});
afterAll(() => h?.stop());

const screens = () =>
  [
    ['/profile/submission', '/profile/submission', 'ProfileSubmission', person.token],
    [`/profile/submission/details?id=${id}`, '/profile/submission', 'ProfileSubmissionDetails', person.token],
    ['/platform/manage/contribute', '/platform/manage/contribute', 'ManageSubmissions', site.manager],
    // review's assignment screen (issue 16), highlighted under its own entry (spec 2.12 "review management")
    ['/platform/submissionManage/index', '/platform/submissionManage/index', 'ManageAllocation', site.manager],
    [
      `/platform/submissionManage/submission/detail?id=${id}`,
      '/platform/manage/contribute',
      'ManageSubmissionDetail',
      site.manager,
    ],
    ['/platform/config/contribute', '/platform/config/contribute', 'ManageContributeConfig', site.manager],
  ] as const;

describe('the screens', () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const mobile of [false, true]) {
      test(`${lang}${mobile ? ' on a phone' : ''}: each renders its island, highlighted in its menu, with no raw key`, async () => {
        for (const [path, menu, island, token] of screens()) {
          const { res, $ } = await page(h.app, path, { host: site.host, token, lang, mobile });
          expect(res.status, path).toBe(200);
          expect($(`[data-island="${island}"]`).length, path).toBe(1);
          expect(
            $(`a[href="${menu}"][aria-current="page"], a.active[href="${menu}"], .active a[href="${menu}"]`).length,
            `${path} is highlighted`,
          ).toBeGreaterThan(0);
          expect($('body').text(), path).not.toMatch(
            /\b(submissions|submitAuthor|submitManage|submitConfig):[a-zA-Z.]+/,
          );
        }
      });
    }
  }

  test("the author's page and the managers' list show the manuscript in the page itself", async () => {
    for (const [path, token, island] of [
      ['/profile/submission', person.token, 'ProfileSubmission'],
      ['/platform/manage/contribute', site.manager, 'ManageSubmissions'],
    ] as const) {
      const { $ } = await page(h.app, path, { host: site.host, token, lang: 'en' });
      const text = $(`[data-island="${island}"]`).text();
      expect(text, path).toContain('Graph learning at scale');
      expect(text, path).toContain('A-001');
    }
  });

  test("an attendee is not let into the managers' screens, nor into someone else's manuscript", async () => {
    for (const path of [
      '/platform/manage/contribute',
      '/platform/submissionManage/index',
      `/platform/submissionManage/submission/detail?id=${id}`,
      '/platform/config/contribute',
    ]) {
      const { res } = await page(h.app, path, { host: site.host, token: person.token });
      expect([302, 403, 404], path).toContain(res.status);
    }
    const other = await attendee(h, site.cid);
    for (const q of [`id=${id}`, 'id=abc', 'id=-1', '']) {
      const { res } = await page(h.app, `/profile/submission/details?${q}`, { host: site.host, token: other.token });
      // a screen's "not found" is the /404 page
      expect(
        res.status === 404 || (res.status === 302 && res.headers.location === '/404'),
        `${q}: ${res.status} ${res.headers.location}`,
      ).toBe(true);
    }
  });

  test('signed out, the author page sends to sign-in and back', async () => {
    const { res } = await page(h.app, '/profile/submission?edit=3', { host: site.host });
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.location)).toContain('/profile/submission?edit=3');
  });
});
