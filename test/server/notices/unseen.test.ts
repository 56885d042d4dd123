/**
 * New notices (issue 18): the personal centre's Notices entry counts those published since the
 * person last opened the list (all of them before the first visit, none dated in the future);
 * opening the list marks them new there and seen from then on; each person and conference counts
 * on its own; many openings at once leave one row.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { page } from '../../helpers/http';
import { call } from '../registration/helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'unseen.localhost';
const BASE = '/conference/platform/manage/notice';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'unseen', domains: [host] }));
  manager = await h.login({ email: 'unseen-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

const publish = async (title: string, time: Date) =>
  expect(
    (
      await call(h, host, 'post', BASE, {
        token: manager,
        body: { titleZh: title, time: time.toISOString(), contentZh: `<p>${title}</p>` },
      })
    ).body.code,
  ).toBe(200);

/** The badge on the Notices entry of the personal centre (wide menu), or null. */
async function badge(token: string, lang: 'zh' | 'en' = 'zh'): Promise<{ n: string; label: string } | null> {
  const { res, $ } = await page(h.app, '/profile/userInfo', { host, token, lang });
  expect(res.status).toBe(200);
  const el = $('.side-menu-wide a[href="/profile/notice"] .side-menu-badge');
  return el.length ? { n: el.text(), label: el.attr('aria-label') ?? '' } : null;
}

test('counted until opened, marked new when opened, then seen; a later one counts again; the future does not', async () => {
  const hour = 3_600_000;
  await publish('旧通知', new Date(Date.now() - 48 * hour));
  await publish('新通知', new Date(Date.now() - hour));
  await publish('明天的通知', new Date(Date.now() + 24 * hour));
  const reader = await h.login({ email: 'unseen-reader@example.org', conferenceId: cid });
  expect(await badge(reader)).toEqual({ n: '2', label: '2 条新内容' });
  expect((await badge(reader, 'en'))?.label).toBe('2 new');
  // On a phone the closed disclosure says so too.
  const phone = await page(h.app, '/profile/userInfo', { host, token: reader, mobile: true });
  expect(phone.$('.side-menu-phone summary .side-menu-badge').text()).toBe('2');

  const list = await page(h.app, '/profile/notice', { host, token: reader });
  const props = JSON.parse(list.$('[data-island="ProfileNotices"]').attr('data-props') ?? '{}');
  expect(props.seenBefore).toBeNull(); // never opened: everything is new
  expect(list.$('.ant-tag').filter((_, el) => list.$(el).text() === '新').length).toBe(3);
  expect(await badge(reader)).toBeNull();

  const again = await page(h.app, '/profile/notice', { host, token: reader });
  const seenBefore = JSON.parse(again.$('[data-island="ProfileNotices"]').attr('data-props') ?? '{}')
    .seenBefore as string;
  expect(Date.parse(seenBefore)).toBeGreaterThan(Date.now() - 60_000);
  // Only the future one is still after the last visit.
  expect(again.$('.ant-tag').filter((_, el) => again.$(el).text() === '新').length).toBe(1);

  // Published a second from now, after the last visit: counted once its time has come.
  await publish('刚刚的通知', new Date(Date.now() + 1000));
  await new Promise((r) => setTimeout(r, 1100));
  expect((await badge(reader))?.n).toBe('1');

  // Someone else has not opened anything yet; another conference's person sees nothing of these.
  const other = await h.login({ email: 'unseen-other@example.org', conferenceId: cid });
  expect((await badge(other))?.n).toBe('3');
  const elsewhere = await h.provision(contractSite({ slug: 'unseen-b', domains: ['unseen-b.localhost'] }));
  const stranger = await h.login({ email: 'unseen-reader@example.org', conferenceId: elsewhere });
  const strangerPage = await page(h.app, '/profile/userInfo', { host: 'unseen-b.localhost', token: stranger });
  expect(strangerPage.$('.side-menu-badge')).toHaveLength(0);
});

test('many openings at once leave one row per person', async () => {
  const reader = await h.login({ email: 'unseen-rush@example.org', conferenceId: cid });
  const user = await h.db('users').where({ email: 'unseen-rush@example.org' }).first();
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => page(h.app, '/profile/notice', { host, token: reader })),
  );
  expect(answers.map((a) => a.res.status)).toEqual(Array(50).fill(200));
  expect(await h.db('notice_reads').where({ conference_id: cid, user_id: user!.id })).toHaveLength(1);
  expect(await badge(reader)).toBeNull();
});
