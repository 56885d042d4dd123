/**
 * The rooming list of many reservations as a piece of work (issue 30): past BOOKINGS_AT_ONCE it
 * answers 202 `{ work }` and the file has a row per reservation and night; the same request joins
 * it; a kept file is built again once a manager confirms a booking; one hotel's few are answered at once.
 */
import ExcelJS from 'exceljs';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toDbInstant } from '../../../server/db/dialect';
import { BOOKINGS_AT_ONCE } from '../../../server/modules/hotels/exportWork';
import { createHarness, type Harness } from '../../helpers/harness';
import { finishWork, workFile } from '../../helpers/work';
import {
  attendee,
  bookingBody,
  call,
  dayFromToday,
  hotelBody,
  hotelConference,
  MANAGE,
  roomBody,
  CONFIG,
  type HotelSite,
} from './helpers';

let h: Harness;
let site: HotelSite;
let smallHotel: number;
let target: number;
const COUNT = BOOKINGS_AT_ONCE + 10;

const visitor = () => ({ host: site.host, token: site.manager });
const bytes = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
const rooming = (body: object) =>
  call(h, site.host, 'post', `${MANAGE}/rooming`, { token: site.manager, body, lang: 'en' });

async function bookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  return book;
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await hotelConference(h, 'hotel-rooming', { total: 1000, maxPerPerson: 3 });
  const p = await attendee(h, site.cid);
  // One booking through the real API, then many like it as a fixture (two nights each).
  const res = await call(h, site.host, 'post', '/conference/hotel/book', {
    token: p.token,
    body: bookingBody(site.roomId, { from: 41, nights: 2 }),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const { id: _id, ...row } = (await h.db('hotel_bookings').where({ id: res.body.data.bookingId }).first())!;
  const now = toDbInstant();
  const clones = Array.from({ length: COUNT - 1 }, (_, i) => ({
    ...row,
    order_id: null,
    name: `Guest ${i}`,
    requirements: i === 2 ? '=cmd|calc' : '',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < clones.length; i += 200) await h.db('hotel_bookings').insert(clones.slice(i, i + 200));
  target = Number((await h.db('hotel_bookings').where({ conference_id: site.cid, name: 'Guest 5' }).first())!.id);
  // A second hotel with one booking: its list is small.
  const hotels = (
    await call(h, site.host, 'post', `${CONFIG}/hotels`, {
      token: site.manager,
      body: hotelBody({ nameZh: '小酒店', nameEn: 'Small Inn' }),
    })
  ).body.data as Array<{ id: number; nameEn: string }>;
  smallHotel = hotels.find((x) => x.nameEn === 'Small Inn')!.id;
  const rooms = (
    await call(h, site.host, 'post', `${CONFIG}/hotels/${smallHotel}/rooms`, { token: site.manager, body: roomBody() })
  ).body.data as Array<{ id: number; rooms: Array<{ id: number }> }>;
  const smallRoom = rooms.find((x) => x.id === smallHotel)!.rooms[0].id;
  const q = await attendee(h, site.cid);
  expect(
    (
      await call(h, site.host, 'post', '/conference/hotel/book', {
        token: q.token,
        body: bookingBody(smallRoom, { from: 42, nights: 1, name: 'Small Guest' }),
      })
    ).body.code,
  ).toBe(200);
});
afterAll(() => h?.stop());

describe('rooming.xlsx', () => {
  test(`${COUNT} reservations: 202, then a row per reservation and night; the same request joins; kept until a booking is confirmed`, async () => {
    const started = await rooming({});
    expect(started.status).toBe(202);
    expect(started.body.data.work).toMatchObject({ kind: 'hotels.rooming' });
    expect((await rooming({})).body.data.work.id).toBe(started.body.data.work.id);
    const done = await finishWork(h.app, visitor(), started.body.data);
    expect(done).toMatchObject({ state: 'done', fileName: 'rooming.xlsx' });
    const book = await bookOf((await workFile(h.app, visitor(), done)).body as Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['West Lake State Guesthouse', 'Small Inn']);
    const [big, small] = book.worksheets;
    expect(big.rowCount).toBe(2 * COUNT + 1);
    expect(small.rowCount).toBe(2);
    const header = (big.getRow(1).values as string[]).filter(Boolean);
    const rowsOf = (sheet: ExcelJS.Worksheet, name: string) =>
      sheet.getRows(2, sheet.rowCount - 1)!.filter((r) => r.getCell(header.indexOf('Guest') + 1).text === name);
    // Nights are date cells, rooms and prices numbers (issue 32): a sheet sorts and sums them.
    expect(rowsOf(big, 'Guest 5').map((r) => (r.getCell(1).value as Date).toISOString().slice(0, 10))).toEqual([
      dayFromToday(41),
      dayFromToday(42),
    ]);
    const first = rowsOf(big, 'Guest 5')[0];
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(header.indexOf('Check-in') + 1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(header.indexOf('Rooms') + 1)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1 });
    expect(first.getCell(header.indexOf('Price per room-night') + 1)).toMatchObject({
      type: ExcelJS.ValueType.Number,
      value: 480,
      numFmt: '"CNY "#,##0.00',
    });
    const asked = rowsOf(big, 'Guest 2')[0].getCell(header.indexOf('Requirements') + 1);
    expect(asked.value).toBe('=cmd|calc');
    expect(asked.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(rowsOf(big, 'Guest 5')[0].getCell(header.indexOf('Status') + 1).text).toBe('Pending');

    expect((await rooming({})).body.data.work).toMatchObject({ id: done.id, state: 'done' });
    expect((await call(h, site.host, 'post', `${MANAGE}/${target}/confirm`, { token: site.manager })).body.code).toBe(
      200,
    );
    const next = await rooming({});
    expect(next.body.data.work.id).not.toBe(done.id);
    const rebuilt = await bookOf(
      (await workFile(h.app, visitor(), await finishWork(h.app, visitor(), next.body.data))).body as Buffer,
    );
    expect(rowsOf(rebuilt.worksheets[0], 'Guest 5')[0].getCell(header.indexOf('Status') + 1).text).toBe('Confirmed');
  });

  test("one hotel's few reservations: the workbook at once", async () => {
    const res = await bytes(rooming({ hotelId: smallHotel }));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('rooming.xlsx');
    const book = await bookOf(res.body as Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Small Inn']);
    expect(book.worksheets[0].getRow(2).getCell(4).text).toBe('Small Guest');
  });
});
