/**
 * The managers' overview (issue 33): every panel's figures, exactly, on seeded data; another
 * conference's rows never counted; managers only; the cache kept until an event says otherwise.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { seedOverview } from '../../helpers/overviewSeed';
import type { OverviewChart, OverviewPanelView } from '../../../server/contract/overview';
import type { OverviewBoard } from '../../../server/platform/overview';
import type { EventBus } from '../../../server/platform/events';
import { inTransaction } from '../../../server/db/transaction';

let h: Harness;
let cid: number;
let other: number;
let manager: string;
let attendee: string;
let otherManager: string;
const host = 'ov.localhost';
const otherHost = 'ov-other.localhost';
const PATH = '/api/conference/platform/manage/overview';

const get = (token: string | null, lang: 'zh' | 'en' = 'en', at = host) => {
  const r = request(h.app)
    .get(PATH)
    .set('Host', at)
    .set('Accept-Language', lang === 'en' ? 'en' : 'zh-CN');
  if (token) r.set('Cookie', `token=${token}; locale=${lang}`);
  return r;
};
async function panels(token = manager, lang: 'zh' | 'en' = 'en'): Promise<Record<string, OverviewPanelView>> {
  const res = await get(token, lang);
  expect(res.body.code).toBe(200);
  return Object.fromEntries((res.body.data.panels as OverviewPanelView[]).map((p) => [p.name, p]));
}
const chart = (p: OverviewPanelView, id: string): OverviewChart => p.charts.find((c) => c.id === id)!;
const pairs = (c: OverviewChart, series = 0) =>
  Object.fromEntries(c.categories.map((k, i) => [k, c.series[series].values[i]]));
const board = () => (h as unknown as { overview: OverviewBoard }).overview;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'ov', domains: [host] }));
  other = await h.provision(contractSite({ slug: 'ov-other', domains: [otherHost] }));
  await seedOverview(h.db, cid, { people: 12, orders: 8, manuscripts: 14 }, 'a');
  // The other conference has more of everything: none of it may show in the first one's figures.
  await seedOverview(h.db, other, { people: 20, orders: 16, manuscripts: 21 }, 'b');
  await h.db('submission_settings').insert({
    conference_id: cid,
    enabled: true,
    start_date: '2026-09-01',
    end_date: '2026-09-10',
    second_deadline: '',
    abstract_mode: 'optional',
    abstract_max_chars: 1000,
    abstract_file: '{}',
    full_text: '{}',
    author_info: 'optional',
    category_mode: 'hide',
    report_type_mode: 'hide',
    keywords_mode: 'hide',
    limit_per_person: false,
    max_per_person: 0,
    max_total: 0,
    instructions_zh: '',
    instructions_en: '',
    edit_after_accept: false,
    layout: '{}',
    updated_at: '2026-09-01 00:00:00.000',
  });
  manager = await h.login({ email: 'ov-manager@example.org', conferenceId: cid, roles: ['manager'] });
  attendee = await h.login({ email: 'ov-attendee@example.org', conferenceId: cid, roles: ['attendee'] });
  otherManager = await h.login({ email: 'ov-other@example.org', conferenceId: other, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('the figures, exactly, and only this conference', () => {
  test('registration', async () => {
    const { registration: p } = await panels();
    expect(p.figures[0].value).toMatch(/^12 \//);
    expect(pairs(chart(p, 'registration.byVersion'))).toEqual({ default: 6, v2: 6 });
    expect(pairs(chart(p, 'registration.byCountry'))).toEqual({ China: 4, Japan: 4, 'Not given': 4 });
    const units = chart(p, 'registration.byUnit');
    expect(units.series[0].values.reduce((a, b) => a + b, 0)).toBe(9);
    const perDay = chart(p, 'registration.perDay');
    expect(perDay.categories.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    );
    expect(perDay.series[0].values.slice(0, 10)).toEqual([2, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
    const cumulative = chart(p, 'registration.cumulative');
    expect(cumulative.series[0].values.at(-1)).toBe(12);
    expect(cumulative.limit?.value).toBeGreaterThan(0);
  });

  test('money and fees', async () => {
    const { money: m, fees: f } = await panels();
    expect(pairs(chart(m, 'money.byStatus'))).toEqual({ Unpaid: 2, Paid: 2, Cancelled: 2, Expired: 2, Invalid: 0 });
    expect(chart(m, 'money.amounts.CNY').series[0].values).toEqual([20_000, 20_000, 3_000]);
    expect(pairs(chart(m, 'money.methods.CNY'))).toEqual({ 'Mobile wallet A': 20_000 });
    expect(chart(m, 'money.perDay').series[0].values.reduce((a, b) => a + b, 0)).toBe(2);
    expect(m.figures.find((x) => x.label === 'Flagged payments')?.value).toBe('1');
    expect(m.figures.find((x) => x.label === 'Bank statement rows to match')?.value).toBe('1');
    expect(chart(f, 'fees.items').series.map((s) => s.values)).toEqual([[3], [2], [95]]);
  });

  test('hotels', async () => {
    const { hotels: p } = await panels();
    expect(p.figures.map((x) => x.value)).toEqual(['2', '7 / 20']);
    const perNight = chart(p, 'hotels.perNight');
    expect(perNight.categories).toEqual(['2026-11-01', '2026-11-02']);
    expect(perNight.series.map((s) => s.values)).toEqual([
      [3, 4],
      [2, 1],
      [5, 5],
    ]);
    expect(chart(p, 'hotels.grid').cells).toEqual([
      [0, 0, 50],
      [1, 0, 50],
    ]);
  });

  test('submissions and review', async () => {
    const { submissions: s, review: r } = await panels();
    expect(Object.values(pairs(chart(s, 'submissions.byStatus')))).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(s.figures[0].value).toBe('12');
    expect(pairs(chart(s, 'submissions.bySession'))).toEqual({ 材料: 6, Physics: 6 });
    const perDay = chart(s, 'submissions.perDay');
    expect(perDay.series[0].values.reduce((a, b) => a + b, 0)).toBe(14);
    expect(perDay.marks?.map((m) => m.at)).toEqual(['2026-09-01', '2026-09-10']);
    expect(r.figures.map((x) => x.value)).toEqual(['4', '2', '5']);
    const perReviewer = chart(r, 'review.perReviewer');
    const sum = (k: number) => perReviewer.series[k].values.reduce((a, b) => a + b, 0);
    expect([sum(0), sum(1), sum(2)]).toEqual([4, 5, 5]);
    expect(pairs(chart(r, 'review.scores'))).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1 });
  });

  test('mail', async () => {
    const { mail: p } = await panels();
    expect(p.figures.map((x) => x.value)).toEqual(['2', '2', '1']);
  });

  test('in Chinese', async () => {
    const { registration: p } = await panels(manager, 'zh');
    expect(p.title).toBe('注册');
    expect(pairs(chart(p, 'registration.byCountry'))).toEqual({ 中国: 4, 日本: 4, 未填写: 4 });
  });
});

describe('access', () => {
  test("managers only: signed out, an attendee, another conference's manager are refused", async () => {
    expect((await get(null)).body.code).toBe(401);
    expect((await get(attendee)).body.code).toBe(403);
    expect([401, 403]).toContain((await get(otherManager)).body.code);
    // and the other conference's manager sees their own figures
    const mine = await get(otherManager, 'en', otherHost);
    expect(
      (mine.body.data.panels as OverviewPanelView[]).find((p) => p.name === 'registration')!.figures[0].value,
    ).toMatch(/^20 \//);
  });

  test("the screen is a manager's", async () => {
    const res = await request(h.app)
      .get('/platform/manage/dashboard')
      .set('Host', host)
      .set('Cookie', `token=${manager}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-island="ManageOverview"');
    expect(res.text).toContain('<svg');
    const refused = await request(h.app)
      .get('/platform/manage/dashboard')
      .set('Host', host)
      .set('Cookie', `token=${attendee}`);
    expect(refused.status).toBe(302);
  });
});

describe('the cache', () => {
  test('kept until an event of a panel says its data changed, then computed again', async () => {
    const before = (await panels()).registration.figures[0].value;
    const user = await h.db('users').where({ email: 'ov-attendee@example.org' }).first('id');
    await h.db('registrants').insert({
      conference_id: cid,
      user_id: user!.id,
      version: 'default',
      seq: 999_999,
      code: 'OV-late',
      email: 'ov-attendee@example.org',
      answers: '{}',
      created_at: '2026-10-01 04:00:00.000',
      updated_at: '2026-10-01 04:00:00.000',
    });
    expect((await panels()).registration.figures[0].value).toBe(before);
    await inTransaction(h.db, (tx) =>
      (h as unknown as { events: EventBus }).events.emit(tx, 'registration.created', {
        conferenceId: cid,
        registrantId: 0,
        userId: Number(user!.id),
      }),
    );
    expect((await panels()).registration.figures[0].value).toMatch(/^13 \//);
  });

  test("another conference's event leaves this one's answer", async () => {
    const kept = (await panels()).registration;
    await inTransaction(h.db, (tx) =>
      (h as unknown as { events: EventBus }).events.emit(tx, 'registration.created', {
        conferenceId: other,
        registrantId: 0,
        userId: 1,
      }),
    );
    expect((await panels()).registration.at).toBe(kept.at);
    expect(board().panels.map((p) => p.name)).toEqual([
      'registration',
      'checkin',
      'money',
      'fees',
      'hotels',
      'submissions',
      'review',
      'mail',
    ]);
  });
});
