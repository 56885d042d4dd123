/**
 * Data for the managers' overview (issue 33), written straight into the database so that tests
 * know the exact figures and the benchmark reaches its volumes in seconds. Every rule is by the
 * row's index, so a test can count what to expect:
 * - person i registers with form version i%2 ? 'v2' : 'default', country [China, Japan, ''][i%3],
 *   unit `Unit ${i%25}` (none when i%5 = 0), on day i%10 after 2026-10-01 (04:00 UTC);
 * - order i (of person i % people): status [unpaid, paid, cancelled, expired][i%4], 100.00 CNY;
 *   a paid one has a succeeded payment, bankRemit for even i else walletA, on day i%5;
 * - manuscript i: status SUBMISSION_STATUSES[i%7], session i%2, one review by reviewer i%3 in
 *   state [assigned, draft, submitted][i%3] (submitted: overall score i%5 + 1; assigned 30 days ago for even i);
 * - plus one fee item, one hotel room over two nights, three bookings, a refund, flagged payments and mail.
 */
import { insertId, toDbInstant } from '../../server/db/dialect';
import type { Db } from '../../server/db/index';
import { SUBMISSION_STATUSES } from '../../server/contract/submissions';

const CHUNK = 100;
async function insertChunks(db: Db, table: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db(table).insert(rows.slice(i, i + CHUNK));
}

export const ORDER_STATUS_CYCLE = ['unpaid', 'paid', 'cancelled', 'expired'] as const;
export const REVIEW_STATE_CYCLE = ['assigned', 'draft', 'submitted'] as const;
export const COUNTRY_CYCLE = ['China', 'Japan', ''] as const;
const day = (base: string, plus: number, hour = 4) =>
  toDbInstant(new Date(Date.parse(`${base}T0${hour}:00:00Z`) + plus * 86_400_000));

export async function seedOverview(
  db: Db,
  cid: number,
  size: { people: number; orders: number; manuscripts: number },
  tag: string,
  now = new Date(),
): Promise<void> {
  const stamp = toDbInstant(now);
  const emails = Array.from({ length: size.people }, (_, i) => `ov${i}-${tag}@example.org`);
  await insertChunks(
    db,
    'users',
    emails.map((email, i) => ({
      email,
      true_name: `参会人${i}`,
      password_hash: null,
      umt_id: null,
      cstnet_id: email,
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  const idOf = new Map(
    ((await db('users').whereIn('email', emails).select('id', 'email')) as Array<{ id: number; email: string }>).map(
      (u) => [u.email, Number(u.id)],
    ),
  );
  const users = emails.map((e) => idOf.get(e)!);
  await insertChunks(
    db,
    'registrants',
    emails.map((email, i) => ({
      conference_id: cid,
      user_id: users[i],
      version: i % 2 ? 'v2' : 'default',
      seq: 500_000 + i,
      code: `OV-${tag}-${i}`,
      email,
      full_name: `参会人${i}`,
      country: COUNTRY_CYCLE[i % 3],
      unit: i % 5 ? `Unit ${i % 25}` : '',
      answers: '{}',
      created_at: day('2026-10-01', i % 10),
      updated_at: stamp,
    })),
  );

  const orders = Array.from({ length: size.orders }, (_, i) => ({
    conference_id: cid,
    user_id: users[i % size.people],
    order_no: `OV${tag}${i}`.toUpperCase(),
    type: 'register',
    reference: `OV${tag}R${i}`.toUpperCase().slice(0, 16),
    currency: 'CNY',
    total_amount: 10_000,
    paid_amount: ORDER_STATUS_CYCLE[i % 4] === 'paid' ? 10_000 : 0,
    status: ORDER_STATUS_CYCLE[i % 4],
    open_slot: null,
    lang: 'zh',
    // a month ahead: the expiry sweep of a running stage must not turn the unpaid orders expired mid-test
    deadline_at: toDbInstant(new Date(now.getTime() + 30 * 86_400_000)),
    paid_at: ORDER_STATUS_CYCLE[i % 4] === 'paid' ? stamp : null,
    remark: null,
    created_at: stamp,
    updated_at: stamp,
  }));
  await insertChunks(db, 'orders', orders);
  const orderIds = new Map(
    (
      (await db('orders').where({ conference_id: cid }).select('id', 'order_no')) as Array<{
        id: number;
        order_no: string;
      }>
    ).map((o) => [o.order_no, Number(o.id)]),
  );
  const paid = orders.map((o, i) => ({ o, i })).filter(({ o }) => o.status === 'paid');
  await insertChunks(
    db,
    'payment_attempts',
    paid.map(({ i }) => ({
      conference_id: cid,
      user_id: users[i % size.people],
      attempt_no: `PA${tag}${i}`.toUpperCase(),
      method: i % 2 === 0 ? 'bankRemit' : 'walletA',
      currency: 'CNY',
      amount: 10_000,
      received_amount: 10_000,
      state: 'succeeded',
      expires_at: stamp,
      succeeded_at: day('2026-10-05', i % 5, 5),
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  // each attempt pays its order (as insertAttempt records it): the order desk's "paid on" filter follows these
  const attemptIds = new Map(
    (
      (await db('payment_attempts').where({ conference_id: cid }).select('id', 'attempt_no')) as Array<{
        id: number;
        attempt_no: string;
      }>
    ).map((a) => [a.attempt_no, Number(a.id)]),
  );
  await insertChunks(
    db,
    'attempt_orders',
    paid.map(({ o, i }) => ({
      conference_id: cid,
      attempt_id: attemptIds.get(`PA${tag}${i}`.toUpperCase()),
      order_id: orderIds.get(o.order_no),
      amount: 10_000,
    })),
  );
  const firstPaid = paid[0];
  if (firstPaid) {
    const attempt = (await db('payment_attempts')
      .where({ conference_id: cid, attempt_no: `PA${tag}${firstPaid.i}`.toUpperCase() })
      .first('id')) as { id: number };
    await db('payment_refunds').insert({
      conference_id: cid,
      order_id: orderIds.get(firstPaid.o.order_no),
      attempt_id: attempt.id,
      refund_no: `RF${tag}`.slice(0, 32),
      currency: 'CNY',
      amount: 3_000,
      state: 'succeeded',
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await db('payment_anomalies').insert([
    { conference_id: cid, kind: 'overpaid', detail: 'x', created_at: stamp },
    { conference_id: cid, kind: 'unmatched', statement_row_id: 1, detail: 'bank row', created_at: stamp },
    { conference_id: cid, kind: 'duplicate', detail: 'settled', resolved_at: stamp, created_at: stamp },
  ]);

  const fee = await insertId(
    db('fee_items').insert({
      conference_id: cid,
      kind: 'register',
      category: `Fee ${tag}`,
      title_zh: '注册费',
      title_en: 'Registration fee',
      description_zh: '',
      description_en: '',
      price_amount: 10_000,
      currency: 'CNY',
      display_currency: 'CNY',
      display_price_amount: 10_000,
      open_date: '2026-01-01',
      deadline: '2027-01-01',
      max_total: 100,
      max_per_account: 1,
      created_at: stamp,
      updated_at: stamp,
    }),
  );
  await db('fee_holds').insert([
    { conference_id: cid, fee_id: fee, order_id: 1, user_id: users[0], quantity: 3, paid: true, created_at: stamp },
    { conference_id: cid, fee_id: fee, order_id: 2, user_id: users[0], quantity: 2, paid: false, created_at: stamp },
  ]);

  const hotel = await insertId(
    db('hotels').insert({
      conference_id: cid,
      name_zh: '会议酒店',
      name_en: 'Venue Hotel',
      created_at: stamp,
      updated_at: stamp,
    }),
  );
  const room = await insertId(
    db('hotel_rooms').insert({
      conference_id: cid,
      hotel_id: hotel,
      type_zh: '大床房',
      type_en: 'King room',
      price_amount: 50_000,
      display_price_amount: 50_000,
      total: 10,
      check_in_start: '2026-11-01',
      check_in_end: '2026-11-03',
      min_per_person: 1,
      max_per_person: 1,
      created_at: stamp,
      updated_at: stamp,
    }),
  );
  await db('hotel_nights').insert([
    { conference_id: cid, room_id: room, night: '2026-11-01', held: 2, sold: 3 },
    { conference_id: cid, room_id: room, night: '2026-11-02', held: 1, sold: 4 },
  ]);
  await db('hotel_bookings').insert(
    (['pending', 'pending', 'confirmed'] as const).map((status, i) => ({
      conference_id: cid,
      user_id: users[i % size.people],
      hotel_id: hotel,
      room_id: room,
      check_in: '2026-11-01',
      check_out: '2026-11-03',
      nights: 2,
      quantity: 1,
      currency: 'CNY',
      unit_amount: 50_000,
      total_amount: 100_000,
      holds: status === 'pending' ? 'held' : 'sold',
      status,
      email: emails[i % size.people],
      name: 'x',
      created_at: stamp,
      updated_at: stamp,
    })),
  );

  const sessions: number[] = [];
  for (const [k, title] of ['材料', 'Physics'].entries())
    sessions.push(
      await insertId(
        db('submission_sessions').insert({
          conference_id: cid,
          parent_id: null,
          title_zh: title,
          title_en: title,
          prefix: `S${k}`,
          sort: k,
        }),
      ),
    );
  await insertChunks(
    db,
    'submissions',
    Array.from({ length: size.manuscripts }, (_, i) => ({
      conference_id: cid,
      user_id: users[i % size.people],
      number: `${tag}-${i}`,
      title: `Paper ${i}`,
      session_id: sessions[i % 2],
      abstract: '',
      status: SUBMISSION_STATUSES[i % 7],
      active: SUBMISSION_STATUSES[i % 7] !== 'withdrawn',
      lang: 'en',
      submitted_at: day('2026-09-01', i % 7, 6),
      updated_at: stamp,
    })),
  );
  const papers = (await db('submissions').where({ conference_id: cid }).select('id', 'number')) as Array<{
    id: number;
    number: string;
  }>;
  const paperId = new Map(papers.map((p) => [p.number, Number(p.id)]));
  const reviewers: number[] = [];
  for (let k = 0; k < 3; k++)
    reviewers.push(
      await insertId(
        db('reviewers').insert({
          conference_id: cid,
          email: `rv${k}-${tag}@example.org`,
          full_name: `Reviewer ${k}`,
          active: true,
          invited_at: stamp,
        }),
      ),
    );
  const old = toDbInstant(new Date(now.getTime() - 30 * 86_400_000));
  await insertChunks(
    db,
    'reviews',
    Array.from({ length: size.manuscripts }, (_, i) => {
      const state = REVIEW_STATE_CYCLE[i % 3];
      return {
        conference_id: cid,
        submission_id: paperId.get(`${tag}-${i}`),
        reviewer_id: reviewers[i % 3],
        state,
        scores: state === 'submitted' ? JSON.stringify({ overall: (i % 5) + 1 }) : '{}',
        answers: '{}',
        opinion: null,
        comment: '',
        assigned_at: i % 2 === 0 ? old : stamp,
        updated_at: stamp,
        submitted_at: state === 'submitted' ? stamp : null,
      };
    }),
  );

  await db('mail_outbox').insert(
    (['queued', 'queued', 'sent', 'kept', 'failed'] as const).map((status) => ({
      conference_id: cid,
      to_address: 'x@example.org',
      subject: 's',
      text_body: 't',
      status,
      next_attempt_at: stamp,
      created_at: stamp,
    })),
  );
}
