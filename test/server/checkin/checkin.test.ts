/**
 * Check-in at the desk (issue 33), on SQLite and MariaDB: the badge's QR read back from its PDF
 * finds the person; one check-in per person however many desks scan at once (50 scans → one
 * check-in, 50 attempts); "already checked in at … by Desk 1"; undo; offline scans synced once,
 * the earliest winning; pay on site through the orders' deal; counts; bad input is a 4xx.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { serve } from '../../helpers/concurrency';
import { bytesOf, firstSheet } from '../../helpers/work';
import { liveCounts } from '../../../server/modules/checkin/index';
import { attendee, call, checkinConference, codeOf, pdfText, qrOfPdf, type Setup } from './helpers';

let h: Harness;
let s: Setup;
const DESK = '/conference/platform/manage/checkin/desk';
const lookup = (token: string, q: string) => call(h, s.host, 'get', `${DESK}/lookup?${q}`, { token });
const checkIn = (token: string, registrantId: number, deskId: number | null) =>
  call(h, s.host, 'post', `${DESK}/checkin`, { token, body: { registrantId, deskId } });

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  s = await checkinConference(h, 'checkin');
});
afterAll(() => h?.stop());

describe('the desk', () => {
  test('the QR code of a real badge PDF is the registration code, and finds the person', async () => {
    const { userId } = await attendee(h, s.cid);
    const { code, registrantId } = await codeOf(h, s.cid, userId);
    const pdf = await bytesOf(call(h, s.host, 'get', `${DESK}/badge/${registrantId}`, { token: s.staff })).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = qrOfPdf(pdf.body as Buffer);
    expect(read).toBe(code);
    const found = (await lookup(s.staff, `code=${encodeURIComponent(read!)}`).expect(200)).body.data;
    expect(found.person).toMatchObject({
      registrantId,
      code,
      version: 'default',
      payment: { state: 'none' },
      hotels: [],
      checkin: null,
    });
  });

  test('one check-in, then "already checked in at HH:MM by Desk 1"; undo; a code nobody has', async () => {
    const { userId } = await attendee(h, s.cid);
    const { code, registrantId } = await codeOf(h, s.cid, userId);
    const first = (await checkIn(s.staff, registrantId, s.deskA).expect(200)).body.data;
    expect(first.outcome).toBe('checkedIn');
    expect(first.person.checkin).toMatchObject({ desk: 'Desk 1' });
    const again = (await checkIn(s.manager, registrantId, s.deskB).expect(200)).body.data;
    expect(again.outcome).toBe('already');
    expect(again.person.checkin.desk).toBe('Desk 1');
    expect(again.person.checkin.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await lookup(s.staff, `code=${code}`)).body.data.person.checkin.desk).toBe('Desk 1');
    const attempts = await h
      .db('checkin_attempts')
      .where({ conference_id: s.cid, registrant_id: registrantId })
      .orderBy('id');
    expect(attempts.map((a) => [a.outcome, Number(a.staff_id), Number(a.desk_id)])).toEqual([
      ['checkedIn', s.staffId, s.deskA],
      ['already', expect.any(Number), s.deskB],
    ]);

    const undone = await call(h, s.host, 'post', `${DESK}/undo`, {
      token: s.staff,
      body: { registrantId, deskId: s.deskA },
    }).expect(200);
    expect(undone.body).toMatchObject({ message: 'checkin:undone', data: { checkin: null } });
    expect(
      (await call(h, s.host, 'post', `${DESK}/undo`, { token: s.staff, body: { registrantId, deskId: s.deskA } })).body,
    ).toMatchObject({ code: 409, message: 'checkin:notCheckedIn' });
    expect((await checkIn(s.staff, registrantId, s.deskA)).body.data.outcome).toBe('checkedIn');

    expect((await lookup(s.staff, 'code=NOBODY-1')).body.data).toEqual({ person: null, matches: [] });
  });

  test('50 desks scanning one badge at the same moment record one check-in and 50 attempts', async () => {
    const { userId } = await attendee(h, s.cid);
    const { registrantId } = await codeOf(h, s.cid, userId);
    const served = await serve(h.app);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          served.post(
            s.host,
            `${DESK}/checkin`,
            { registrantId, deskId: i % 2 ? s.deskA : s.deskB },
            `token=${s.staff}`,
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      const outcomes = answers.map((a) => a.body.data.outcome as string);
      expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already')).toHaveLength(49);
    } finally {
      await served.close();
    }
    expect(
      await h.db('checkins').where({ conference_id: s.cid, registrant_id: registrantId }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
    const attempts = await h.db('checkin_attempts').where({ conference_id: s.cid, registrant_id: registrantId });
    expect(attempts).toHaveLength(50);
    expect(attempts.filter((a) => a.outcome === 'checkedIn')).toHaveLength(1);
    const winner = await h.db('checkins').where({ conference_id: s.cid, registrant_id: registrantId }).first();
    expect(Number(winner?.attempt_id)).toBe(Number(attempts.find((a) => a.outcome === 'checkedIn')!.id));
  });

  test('by name: one match is the person, several are a list', async () => {
    const one = await attendee(h, s.cid);
    const { registrantId } = await codeOf(h, s.cid, one.userId);
    await h.db('registrants').where({ id: registrantId }).update({ full_name: 'Unique Quokka', unit: 'Zoo' });
    expect((await lookup(s.staff, 'q=quokka')).body.data.person).toMatchObject({
      registrantId,
      name: 'Unique Quokka',
      unit: 'Zoo',
    });
    for (const n of [1, 2]) {
      const p = await attendee(h, s.cid);
      await h
        .db('registrants')
        .where({ conference_id: s.cid, user_id: p.userId })
        .update({ full_name: `Twin Wombat ${n}` });
    }
    const many = (await lookup(s.staff, 'q=wombat')).body.data;
    expect(many.person).toBeNull();
    expect(many.matches.map((m: { name: string }) => m.name).sort()).toEqual(['Twin Wombat 1', 'Twin Wombat 2']);
  });
});

describe('offline scans', () => {
  test('synced once however often they are sent; the earliest scan wins; a scan before an undo does not check in again', async () => {
    const a = await codeOf(h, s.cid, (await attendee(h, s.cid)).userId);
    const b = await codeOf(h, s.cid, (await attendee(h, s.cid)).userId);
    // Desk 2 checks b in online now; desk 1 had scanned b offline ten minutes earlier.
    await checkIn(s.staff, b.registrantId, s.deskB).expect(200);
    const earlier = new Date(Date.now() - 10 * 60_000).toISOString();
    const scans = [
      {
        code: a.code,
        deskId: s.deskA,
        clientRef: 'ref-aaaa-0001',
        scannedAt: new Date(Date.now() - 60_000).toISOString(),
      },
      { code: b.code, deskId: s.deskA, clientRef: 'ref-bbbb-0001', scannedAt: earlier },
      { code: 'NOBODY-2', deskId: s.deskA, clientRef: 'ref-none-0001', scannedAt: earlier },
    ];
    const sync = () => call(h, s.host, 'post', `${DESK}/sync`, { token: s.staff, body: { scans } }).expect(200);
    const first = (await sync()).body.data as Array<{ clientRef: string; outcome: string }>;
    expect(Object.fromEntries(first.map((r) => [r.clientRef, r.outcome]))).toEqual({
      'ref-aaaa-0001': 'checkedIn',
      'ref-bbbb-0001': 'checkedIn',
      'ref-none-0001': 'unknown',
    });
    const second = (await sync()).body.data as Array<{ clientRef: string; outcome: string }>;
    expect(Object.fromEntries(second.map((r) => [r.clientRef, r.outcome]))).toEqual({
      'ref-aaaa-0001': 'checkedIn',
      'ref-bbbb-0001': 'checkedIn',
      'ref-none-0001': 'unknown',
    });
    expect(await h.db('checkin_attempts').where({ conference_id: s.cid, client_ref: 'ref-aaaa-0001' })).toHaveLength(1);
    // b: both recorded, the offline scan (earlier) holds the check-in, the online one is superseded.
    const bAttempts = await h
      .db('checkin_attempts')
      .where({ conference_id: s.cid, registrant_id: b.registrantId })
      .orderBy('id');
    expect(bAttempts.map((x) => x.outcome)).toEqual(['superseded', 'checkedIn']);
    const held = await h.db('checkins').where({ conference_id: s.cid, registrant_id: b.registrantId }).first();
    expect(Number(held?.desk_id)).toBe(s.deskA);
    expect(Number(held?.attempt_id)).toBe(Number(bAttempts[1].id));

    // a is undone; a scan of a queued before the undo stays out.
    await call(h, s.host, 'post', `${DESK}/undo`, {
      token: s.staff,
      body: { registrantId: a.registrantId, deskId: s.deskA },
    }).expect(200);
    const stale = (
      await call(h, s.host, 'post', `${DESK}/sync`, {
        token: s.staff,
        body: {
          scans: [
            {
              code: a.code,
              deskId: s.deskA,
              clientRef: 'ref-aaaa-0002',
              scannedAt: new Date(Date.now() - 30_000).toISOString(),
            },
          ],
        },
      }).expect(200)
    ).body.data;
    expect(stale[0].outcome).toBe('stale');
    expect(
      await h.db('checkins').where({ conference_id: s.cid, registrant_id: a.registrantId }).first(),
    ).toBeUndefined();
  });

  test('bad input is a clear 4xx and changes nothing', async () => {
    const before = Number((await h.db('checkin_attempts').count({ n: '*' }).first())!.n);
    const bad: Array<[string, object | null, string]> = [
      ['post /checkin', { registrantId: 'x', deskId: null }, 'checkin:notFound'],
      ['post /checkin', { registrantId: 999999, deskId: null }, 'checkin:notRegistered'],
      ['post /checkin', { registrantId: 1, deskId: 999999 }, 'checkin:deskInvalid'],
      ['post /sync', { scans: [] }, 'checkin:syncEmpty'],
      [
        'post /sync',
        { scans: [{ code: 'A', deskId: null, clientRef: 'bad ref', scannedAt: 'now' }] },
        'checkin:refInvalid',
      ],
      [
        'post /sync',
        {
          scans: Array.from({ length: 501 }, (_, i) => ({
            code: 'A',
            deskId: null,
            clientRef: `ref-${i}-xxxxxx`,
            scannedAt: new Date().toISOString(),
          })),
        },
        'checkin:syncTooMany',
      ],
      ['get /lookup', null, 'checkin:lookupEmpty'],
      ['post /pay', { registrantId: 999999, orderId: 999999 }, 'checkin:notRegistered'],
    ];
    for (const [where, body, key] of bad) {
      const [method, path] = where.split(' ') as ['get' | 'post', string];
      const res = await call(h, s.host, method, `${DESK}${path}`, { token: s.staff, ...(body ? { body } : {}) });
      expect(res.status, where).toBeGreaterThanOrEqual(400);
      expect(res.status, where).toBeLessThan(500);
      expect(res.body.message, where).toBe(key);
    }
    expect(Number((await h.db('checkin_attempts').count({ n: '*' }).first())!.n)).toBe(before);
  });
});

describe('the attendance certificate (a fifth document type)', () => {
  test('downloadable by people who checked in, in both languages; refused before; off when disabled', async () => {
    const p = await attendee(h, s.cid);
    const { code, registrantId } = await codeOf(h, s.cid, p.userId);
    await h
      .db('registrants')
      .where({ id: registrantId })
      .update({ full_name: 'Marie Curie', unit: 'Institut du Radium' });
    const mine = () => call(h, s.host, 'get', '/conference/document/mine', { token: p.token }).expect(200);
    expect((await mine()).body.data).not.toContain('CERTIFICATE');
    expect(
      (await call(h, s.host, 'get', '/conference/document/mine/CERTIFICATE', { token: p.token })).body,
    ).toMatchObject({ code: 403, message: 'documents:notCheckedIn' });
    await checkIn(s.staff, registrantId, s.deskA).expect(200);
    expect((await mine()).body.data).toContain('CERTIFICATE');
    for (const lang of ['en', 'zh'] as const) {
      const pdf = await bytesOf(
        call(h, s.host, 'get', `/conference/document/mine/CERTIFICATE?lang=${lang}`, { token: p.token }),
      ).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.body as Buffer);
      expect(text.replace(/ /g, '')).toContain(lang === 'en' ? 'CERTIFICATEOFATTENDANCE' : '参会证明');
      expect(text).toContain('Marie Curie');
      expect(qrOfPdf(pdf.body as Buffer)).toBe(code);
    }
    // The designer knows it like the other four.
    const view = (
      await call(h, s.host, 'get', '/conference/admin/register/config/template/find/CERTIFICATE', {
        token: s.manager,
      }).expect(200)
    ).body.data;
    expect(view).toMatchObject({
      type: 'CERTIFICATE',
      enabledType: 'DEFAULT',
      layout: { page: { width: 297, height: 210 } },
    });
    await call(h, s.host, 'post', '/conference/admin/register/config/template/save', {
      token: s.manager,
      body: { type: 'CERTIFICATE', enabledType: 'DISABLED' },
    }).expect(200);
    expect((await mine()).body.data).not.toContain('CERTIFICATE');
    expect(
      (await call(h, s.host, 'get', '/conference/document/mine/CERTIFICATE', { token: p.token })).body.message,
    ).toBe('documents:disabled');
    await call(h, s.host, 'post', '/conference/admin/register/config/template/save', {
      token: s.manager,
      body: { type: 'CERTIFICATE', enabledType: 'DEFAULT' },
    }).expect(200);
  });
});

describe('pay on site, counts, attendance', () => {
  test('an unpaid person is red with the amount; the desk marks the order paid through the orders deal', async () => {
    const p = await attendee(h, s.cid);
    const { code, registrantId } = await codeOf(h, s.cid, p.userId);
    await call(h, s.host, 'post', '/conference/order/fee', {
      token: p.token,
      body: { picks: [{ feeId: s.fee, quantity: 1 }] },
    }).expect(200);
    const card = (await lookup(s.staff, `code=${code}`)).body.data.person;
    expect(card.payment).toMatchObject({ state: 'unpaid', owed: { amount: 80_000, currency: 'CNY' } });
    const paid = await call(h, s.host, 'post', `${DESK}/pay`, {
      token: s.staff,
      body: { registrantId, orderId: card.payment.orderId },
    }).expect(200);
    expect(paid.body).toMatchObject({ message: 'checkin:paid', data: { payment: { state: 'paid' } } });
    const order = (await h.db('orders').where({ id: card.payment.orderId }).first())!;
    expect(order.status).toBe('paid');
    const attempt = await h
      .db('payment_attempts')
      .where({ conference_id: s.cid, user_id: p.userId })
      .orderBy('id', 'desc')
      .first();
    expect(attempt).toMatchObject({ method: 'manual', state: 'succeeded' });
    expect(
      (
        await call(h, s.host, 'post', `${DESK}/pay`, {
          token: s.staff,
          body: { registrantId, orderId: card.payment.orderId },
        })
      ).body,
    ).toMatchObject({ code: 409, message: 'checkin:orderNotOpen' });
  });

  test('live counts from the front door and the API; attendance list and its Excel', async () => {
    const counts = await liveCounts(h.db, s.cid, 'Asia/Shanghai');
    const checked = Number((await h.db('checkins').where({ conference_id: s.cid }).count({ n: '*' }).first())!.n);
    const registered = Number((await h.db('registrants').where({ conference_id: s.cid }).count({ n: '*' }).first())!.n);
    expect(counts).toMatchObject({ checkedIn: checked, registered });
    expect(counts.perHour.reduce((n, h) => n + h.count, 0)).toBe(checked);
    expect(counts.perHour[0].hour).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
    expect((await call(h, s.host, 'get', `${DESK}/counts`, { token: s.staff }).expect(200)).body.data).toEqual(counts);
    // The same counts on the managers' overview, as its check-in panel.
    const overview = (
      await call(h, s.host, 'get', '/conference/platform/manage/overview', { token: s.manager, lang: 'en' }).expect(200)
    ).body.data as {
      panels: Array<{
        name: string;
        figures: Array<{ value: string }>;
        charts: Array<{ series: Array<{ values: number[] }> }>;
      }>;
    };
    const panel = overview.panels.find((p) => p.name === 'checkin')!;
    expect(panel.figures[0].value).toBe(`${checked} / ${registered}`);
    expect(panel.charts[0].series[0].values.reduce((n, v) => n + v, 0)).toBe(checked);

    const list = (
      await call(h, s.host, 'get', '/conference/platform/manage/checkin/attendance?page=1&size=50', {
        token: s.manager,
      }).expect(200)
    ).body.data;
    expect(list.total).toBe(checked);
    expect(list.rows[0]).toMatchObject({
      code: expect.any(String),
      desk: expect.any(String),
      staff: expect.any(String),
    });
    const xlsx = await bytesOf(
      call(h, s.host, 'post', '/conference/platform/manage/checkin/export', { token: s.manager, body: {}, lang: 'en' }),
    ).expect(200);
    const sheet = await firstSheet(xlsx.body as Buffer);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Registration number',
      'Name',
      'Organisation',
      'Checked in at',
      'Desk',
      'Checked in by',
      'Scans',
    ]);
    expect(sheet.rowCount).toBe(checked + 1);
  });

  test("another conference's registrants and desks are not this desk's", async () => {
    const other = await checkinConference(h, 'checkin-other');
    const { userId } = await attendee(h, other.cid);
    const { code, registrantId } = await codeOf(h, other.cid, userId);
    expect((await lookup(s.staff, `code=${code}`)).body.data.person).toBeNull();
    expect((await checkIn(s.staff, registrantId, null)).body).toMatchObject({
      code: 404,
      message: 'checkin:notRegistered',
    });
    expect((await checkIn(s.staff, registrantId, other.deskA)).body.message).toBe('checkin:deskInvalid');
    // This conference's desk staff are nobody there.
    expect([401, 403]).toContain(
      (await call(h, other.host, 'get', `${DESK}/lookup?code=${code}`, { token: s.staff })).status,
    );
  });
});
