/**
 * The reviewer's home is headed as what it is (issue 32): "审稿中心" / "Review Centre", its first
 * entry "我的审稿" / "My reviews"; a manager's area keeps "会议管理" / "Conference Management".
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { addReviewer, reviewSite, type ReviewSite } from './reviewingHelpers';

let h: Harness;
let site: ReviewSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await reviewSite(h, 'reviewer-area');
}, 60_000);
afterAll(() => h?.stop());

test.each([
  ['zh', '审稿中心', '我的审稿'],
  ['en', 'Review Centre', 'My reviews'],
] as const)('%s: the reviewer home is headed %s', async (lang, heading, entry) => {
  const reviewer = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }], lang);
  const { res, $ } = await page(h.app, '/platform/submissionManage/user', {
    host: site.host,
    token: reviewer.token,
    lang,
  });
  expect(res.status).toBe(200);
  expect($('.shell-aside-title').text()).toBe(heading);
  expect($('.shell-header .auth-brand-name').text()).toBe(heading);
  expect(res.text).toContain(entry);
  const manager = await page(h.app, '/platform/submissionManage/index', { host: site.host, token: site.manager, lang });
  expect(manager.$('.shell-aside-title').text()).toBe(lang === 'zh' ? '会议管理' : 'Conference Management');
});
