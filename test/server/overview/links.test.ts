/**
 * The overview's links open the lists filtered (issue 33): on seeded data, every link of a chart
 * that counts (people, orders, bookings, manuscripts, messages) opens a list whose total is the
 * number the chart shows for it, and the lists read their filter from the address (an invalid
 * one dropped, never an error page). SQLite, and MariaDB when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { page } from '../../helpers/http';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { seedOverview } from '../../helpers/overviewSeed';
import type { OverviewChart, OverviewPanelView } from '../../../server/contract/overview';

let h: Harness;
let cid: number;
let manager: string;
const host = 'ovl.localhost';
const otherHost = 'ovl-other.localhost';

type Page = { total: number };
type ListProps = { filter: Record<string, unknown>; tab?: string; initial?: Page; page?: Page; first?: Page };
/** Each list's island, and where its props keep the first page's total. */
const LISTS: Record<string, { island: string; total: (props: ListProps) => number }> = {
  '/platform/manage/user': { island: 'ManageRegistrants', total: (p) => p.initial!.total },
  '/platform/manage/order': { island: 'ManageOrders', total: (p) => p.page!.total },
  '/platform/manage/hotel': { island: 'ManageHotel', total: (p) => p.first!.total },
  '/platform/manage/contribute': { island: 'ManageSubmissions', total: (p) => p.first!.total },
  '/platform/manage/mailLog': { island: 'ManageMailLog', total: (p) => p.initial!.total },
  '/platform/submissionManage/index': { island: 'ManageAllocation', total: (p) => p.first!.total },
};

/** The list an address opens: its island's props (the filter it read, the first page's total). */
async function open(address: string): Promise<{ props: ListProps; total: number }> {
  const { res, $ } = await page(h.app, address, { host, token: manager, lang: 'en' });
  expect(res.status, address).toBe(200);
  const list = LISTS[new URL(address, 'http://x').pathname];
  const json = $(`[data-island="${list.island}"]`).attr('data-props');
  expect(json, `${address}: ${res.text.slice(0, 300)}`).toBeTruthy();
  const props = JSON.parse(json!) as ListProps;
  return { props, total: list.total(props) };
}

async function panels(): Promise<Record<string, OverviewPanelView>> {
  const res = await request(h.app)
    .get('/api/conference/platform/manage/overview')
    .set('Host', host)
    .set('Cookie', `token=${manager}; locale=en`);
  return Object.fromEntries((res.body.data.panels as OverviewPanelView[]).map((p) => [p.name, p]));
}
const chart = (p: OverviewPanelView, id: string): OverviewChart => p.charts.find((c) => c.id === id)!;
/** What a chart shows for its category i: the sum of its series (a stack's parts). */
const shown = (c: OverviewChart, i: number) => c.series.reduce((sum, s) => sum + s.values[i], 0);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'ovl', domains: [host] }));
  const other = await h.provision(contractSite({ slug: 'ovl-other', domains: [otherHost] }));
  await seedOverview(h.db, cid, { people: 12, orders: 8, manuscripts: 14 }, 'a');
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
  manager = await h.login({ email: 'ovl-manager@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

/** Charts whose bars count rows of the list behind them (money sums and rooms per night do not). */
const COUNTING = [
  'registration.perDay',
  'registration.cumulative',
  'registration.byVersion',
  'registration.byCountry',
  'registration.byUnit',
  'money.byStatus',
  'money.perDay',
  'hotels.byStatus',
  'submissions.byStatus',
  'submissions.bySession',
  'mail.perDay',
];

describe("every counting chart: each bar's link opens a list of exactly that many", () => {
  test.each(COUNTING)(
    '%s',
    async (id) => {
      const all = await panels();
      const c = chart(all[id.split('.')[0]], id);
      expect(c.links?.length, id).toBe(c.categories.length);
      let followed = 0;
      for (const [i, link] of (c.links ?? []).entries()) {
        if (!link) continue;
        expect(link).toContain('?');
        const { props, total } = await open(link);
        expect(Object.keys(props.filter).length, link).toBeGreaterThan(0);
        expect(total, `${id} ${c.categories[i]} ${link}`).toBe(shown(c, i));
        followed++;
      }
      expect(followed, id).toBeGreaterThan(0);
    },
    240_000,
  );

  test('submissions per day (the first series: manuscripts that day)', async () => {
    const c = chart((await panels()).submissions, 'submissions.perDay');
    for (const [i, link] of c.links!.entries())
      expect((await open(link!)).total, c.categories[i]).toBe(c.series[0].values[i]);
  }, 240_000);

  test('the figures that count', async () => {
    const all = await panels();
    const figure = (panel: string, label: string) => all[panel].figures.find((f) => f.label === label)!;
    for (const [panel, label] of [
      ['money', 'Unpaid orders'],
      ['hotels', 'Bookings not paid'],
      ['submissions', 'Manuscripts'],
      ['mail', 'Failed'],
      ['mail', 'Queued'],
      ['mail', 'Sent'],
    ]) {
      const f = all[panel].figures.find((x) => x.label.startsWith(label));
      if (!f) continue;
      expect(f.href, label).toContain('?');
      expect((await open(f.href!)).total, `${panel} ${label}`).toBe(Number(f.value.replace(/,/g, '')));
    }
    expect(figure('registration', 'Registered').value).toMatch(
      new RegExp(`^${(await open('/platform/manage/user')).total} /`),
    );
  }, 240_000);
});

describe('the lists read their filter from the address', () => {
  test('a valid filter is read and applied; the tab too', async () => {
    const { props, total } = await open('/platform/manage/order?status=paid&currency=CNY&tab=queue');
    expect(props.filter).toEqual({ status: 'paid', currency: 'CNY' });
    expect(props.tab).toBe('queue');
    expect(total).toBe(2);
  });

  test('an invalid address shows the list less what is invalid, never an error', async () => {
    const everyone = (await open('/platform/manage/user')).total;
    expect(everyone).toBe(12);
    for (const address of [
      '/platform/manage/user?from=yesterday&version=../../x&country=' + 'x'.repeat(500),
      '/platform/manage/user?from=2026-13-45',
      '/platform/manage/user?page=abc&size=100000',
    ]) {
      const { props, total } = await open(address);
      expect(props.filter, address).toEqual({});
      expect(total, address).toBe(everyone);
    }
    const orders = await open('/platform/manage/order?status=bogus&currency=xx&tab=nowhere&paidFrom=1');
    expect(orders.props.filter).toEqual({});
    expect(orders.props.tab).toBe('orders');
    expect((await open('/platform/manage/hotel?status=nope&hotelId=-1')).props.filter).toEqual({});
    expect((await open('/platform/manage/contribute?status=nope&active=2')).props.filter).toEqual({});
    expect((await open('/platform/manage/mailLog?status=nope&to=x')).props.filter).toEqual({});
    // a valid part of a partly invalid address is kept
    expect((await open('/platform/manage/mailLog?status=failed&to=x')).props.filter).toEqual({ status: 'failed' });
  }, 240_000);

  test("another conference's rows are never in a filtered list", async () => {
    expect((await open('/platform/manage/user?country=China')).total).toBe(4);
    expect((await open('/platform/manage/contribute?status=waiting')).total).toBe(2);
  });
});

describe("review progress: a session's bar opens the allocation list of that session, a reviewer's bar their record", () => {
  test('per session and per reviewer', async () => {
    const review = (await panels()).review;
    const perSession = chart(review, 'review.perSession');
    expect(perSession.links?.length).toBe(perSession.categories.length);
    for (const link of perSession.links!) {
      const sessionId = Number(new URL(link!, 'http://x').searchParams.get('sessionId'));
      const { props } = await open(link!);
      expect(props.filter).toEqual({ sessionId });
      const rows = (props.first as unknown as { rows: Array<{ sessionId: number }> }).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.sessionId === sessionId)).toBe(true);
    }
    const perReviewer = chart(review, 'review.perReviewer');
    expect(perReviewer.links?.length).toBe(perReviewer.categories.length);
    for (const link of perReviewer.links!.slice(0, 3)) {
      const res = await request(h.app).get(link!).set('Host', host).set('Cookie', `token=${manager}; locale=en`);
      expect(res.status, link!).toBe(200);
    }
  }, 120_000);
});
