/**
 * The overview is fresh at once after the changes that used to leave it up to 15 s stale
 * (issue 33): an order created, a hotel booking made, a review assigned, a mail sent or given up.
 * Each is done the real way (the fee page, the booking page, the allocation screen, the outbox
 * worker); the event is raised in that transaction with the conference, the panel names it in
 * `changedBy`, and the panel's figures read right after the change already show it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OverviewPanelView } from '../../../server/contract/overview';
import type { EventBus, EventName } from '../../../server/platform/events';
import type { OverviewBoard } from '../../../server/platform/overview';
import { loadConfig } from '../../../server/config';
import { enqueueMail } from '../../../server/modules/mail/service';
import { platformTransports } from '../../../server/modules/mail/transport';
import { MAX_ATTEMPTS, MailWorker } from '../../../server/modules/mail/worker';
import { createHarness, TEST_SECRET, type Harness } from '../../helpers/harness';
import { addFee, attendee, call } from '../orders/helpers';
import { bookingBody, hotelConference, type HotelSite } from '../hotels/helpers';
import { addReviewer, authorWithPaper, reviewSite, type ReviewSite } from '../review/reviewingHelpers';

let h: Harness;
const events = () => (h as unknown as { events: EventBus }).events;
const board = () => (h as unknown as { overview: OverviewBoard }).overview;

async function panel(host: string, token: string, name: string): Promise<OverviewPanelView | undefined> {
  const res = await call(h, host, 'get', '/conference/platform/manage/overview', { token, lang: 'en' }).expect(200);
  return (res.body.data.panels as OverviewPanelView[]).find((p) => p.name === name);
}
const figure = (p: OverviewPanelView | undefined, label: string) => p?.figures.find((f) => f.label === label)?.value;
const series = (p: OverviewPanelView | undefined, chart: string, name: string) =>
  p?.charts
    .find((c) => c.id === chart)
    ?.series.find((s) => s.name === name)
    ?.values.reduce((a, b) => a + b, 0) ?? 0;

/** The payloads of `event` raised while `run` runs. */
async function raised<T>(event: EventName, run: () => Promise<T>): Promise<Array<{ conferenceId: number }>> {
  const seen: Array<{ conferenceId: number }> = [];
  const off = events().on(event, (_tx, p) => void seen.push(p as { conferenceId: number }));
  try {
    await run();
  } finally {
    off();
  }
  return seen;
}
const changedBy = (name: string) => board().panels.find((p) => p.name === name)!.changedBy;

let hotel: HotelSite;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  hotel = await hotelConference(h, 'ov-fresh');
}, 120_000);
afterAll(() => h?.stop());

describe('fresh at once after each change', () => {
  test('an order created on the fee page: the money and fees panels count it', async () => {
    const fee = await addFee(h, hotel.cid, { kind: 'register', price: 50_000 });
    const p = await attendee(h, hotel.cid);
    const unpaid = (v: OverviewPanelView | undefined) =>
      v?.charts.find((c) => c.id === 'money.byStatus')?.series[0].values[0] ?? 0;
    const before = unpaid(await panel(hotel.host, hotel.manager, 'money'));
    const seen = await raised('order.created', () =>
      call(h, hotel.host, 'post', '/conference/order/fee', {
        token: p.token,
        body: { picks: [{ feeId: fee, quantity: 1 }] },
      }).expect(200),
    );
    expect(seen).toEqual([expect.objectContaining({ conferenceId: hotel.cid, type: 'register' })]);
    expect(changedBy('money')).toContain('order.created');
    expect(changedBy('fees')).toContain('order.created');
    expect(unpaid(await panel(hotel.host, hotel.manager, 'money'))).toBe(before + 1);
  });

  test('a hotel booking: the hotels panel counts its rooms', async () => {
    const p = await attendee(h, hotel.cid);
    const booked = (v: OverviewPanelView | undefined) => series(v, 'hotels.perNight', 'Held (unpaid)');
    const before = await panel(hotel.host, hotel.manager, 'hotels');
    const seen = await raised('hotel.booked', async () => {
      const res = await call(h, hotel.host, 'post', '/conference/hotel/book', {
        token: p.token,
        body: bookingBody(hotel.roomId, { quantity: 1, nights: 2 }),
        lang: 'en',
      });
      expect(res.body.code).toBe(200);
    });
    expect(seen).toEqual([expect.objectContaining({ conferenceId: hotel.cid, userId: p.userId })]);
    expect(changedBy('hotels')).toContain('hotel.booked');
    const after = await panel(hotel.host, hotel.manager, 'hotels');
    expect(after!.at).not.toBe(before?.at);
    expect(figure(after, 'Bookings not paid')).toBe(String(Number(figure(before, 'Bookings not paid') ?? 0) + 1));
    expect(booked(after)).toBeGreaterThan(booked(before));
  });

  test('a review assigned on the allocation screen: the review panel counts it open', async () => {
    const site: ReviewSite = await reviewSite(h, 'ov-fresh-review');
    const paper = await authorWithPaper(h, site);
    const [one, two] = [
      await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]),
      await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]),
    ];
    const pick = (reviewerId: number) =>
      call(h, site.host, 'post', `/conference/platform/submission/allocation/papers/${paper.id}/reviewers`, {
        token: site.manager,
        body: { reviewerIds: [reviewerId] },
        lang: 'en',
      });
    expect((await pick(one.reviewerId)).body.code).toBe(200);
    // The manuscript is in review now: the second reviewer changes no submission's status, only the reviews.
    const open = (v: OverviewPanelView | undefined) => series(v, 'review.perReviewer', 'Open');
    const before = await panel(site.host, site.manager, 'review');
    expect(open(before)).toBe(1);
    const seen = await raised('review.assigned', async () => expect((await pick(two.reviewerId)).body.code).toBe(200));
    expect(seen).toEqual([{ conferenceId: site.cid, submissionIds: [paper.id] }]);
    expect(changedBy('review')).toContain('review.assigned');
    expect(open(await panel(site.host, site.manager, 'review'))).toBe(2);
  });

  test('a mail sent (kept without SMTP) and one given up by the outbox worker: the mail panel counts them', async () => {
    const before = await panel(hotel.host, hotel.manager, 'mail');
    await enqueueMail(h.db, { conferenceId: hotel.cid, to: ['someone@example.org'], subject: 'Hello', text: 'Hello' });
    const keep = new MailWorker(
      h.db,
      platformTransports(loadConfig({ NODE_ENV: 'test', DATA_DIR: h.testDb.dataDir, SECRET: TEST_SECRET })),
      { events: events() },
    );
    const sent = await raised('mail.sent', () => keep.drain());
    expect(sent.map((p) => p.conferenceId)).toContain(hotel.cid);
    expect(changedBy('mail')).toEqual(expect.arrayContaining(['mail.sent', 'mail.failed']));
    const afterSent = await panel(hotel.host, hotel.manager, 'mail');
    expect(Number(figure(afterSent, 'Sent'))).toBe(
      Number(figure(before, 'Sent')) + sent.filter((p) => p.conferenceId === hotel.cid).length,
    );

    // Its last attempt, to an SMTP server that is not there: given up.
    const id = await enqueueMail(h.db, {
      conferenceId: hotel.cid,
      to: ['other@example.org'],
      subject: 'Hello',
      text: 'Hello',
    });
    await h
      .db('mail_outbox')
      .where({ id })
      .update({ attempts: MAX_ATTEMPTS - 1 });
    const nowhere = new MailWorker(
      h.db,
      platformTransports(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: h.testDb.dataDir,
          SECRET: TEST_SECRET,
          SMTP_URL: 'smtp://127.0.0.1:9',
        }),
      ),
      { events: events() },
    );
    const failed = await raised('mail.failed', () => nowhere.drain());
    expect(failed).toEqual([{ conferenceId: hotel.cid, mailId: id }]);
    expect(figure(await panel(hotel.host, hotel.manager, 'mail'), 'Failed')).toBe(
      String(Number(figure(afterSent, 'Failed')) + 1),
    );
  });
});
