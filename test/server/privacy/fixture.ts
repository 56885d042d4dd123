/**
 * A person with data in every feature of two conferences, written straight into the tables (as
 * each feature would have left them) so that the export and the erasure can be checked against
 * every table: registrations with an upload, a paid and an unpaid order, a receipt, an invoice
 * request, a hotel booking, their own manuscript with a co-author and another's naming them,
 * a reviewer profile with a review, feedback with an attachment, notices read, mail to them and
 * about them, a single sign-on link.
 *
 * The account, its single sign-on link, registrations, orders and the hotel booking are written
 * here; the manuscripts, the review, feedback and mail in fixturePapers.ts.
 */
import type { Harness } from '../../helpers/harness';
import { now, put } from './fixtureRows';
import { papersAndMail } from './fixturePapers';

export type Person = { email: string; name: string; phone: string; userId: number };

export async function personWithData(
  h: Harness,
  who: { email: string; name: string; phone: string },
  conferences: [number, number],
  coAuthor: { email: string; userId: number },
): Promise<Person> {
  const db = h.db;
  const [a, b] = conferences;
  await h.login({ email: who.email, name: who.name, conferenceId: a, roles: ['attendee'] });
  await h.login({ email: who.email, name: who.name, conferenceId: b, roles: ['attendee', 'reviewer'] });
  const userId = Number((await db('users').where({ email: who.email }).first())!.id);
  await db('users').where({ id: userId }).update({ true_name: who.name });
  const providerId = await put(db, 'identity_providers', {
    kind: 'oidc',
    name_zh: 'SSO',
    name_en: 'SSO',
    enabled: true,
    created_at: now(),
    updated_at: now(),
  });
  await put(db, 'user_identities', {
    provider_id: providerId,
    subject: `sub-${userId}`,
    user_id: userId,
    created_at: now(),
  });

  for (const [i, cid] of [a, b].entries()) {
    const regId = await put(db, 'registrants', {
      conference_id: cid,
      user_id: userId,
      version: 'v1',
      seq: 100 + userId,
      code: `R${cid}-${userId}`,
      email: who.email,
      full_name: who.name,
      first_name: who.name.split(' ')[0],
      middle_name: '',
      last_name: who.name.split(' ').slice(1).join(' '),
      phone: who.phone,
      country: 'China',
      unit: 'Institute of Tests',
      answers: JSON.stringify({ diet: 'vegetarian', mobile: who.phone }),
      created_at: now(),
      updated_at: now(),
    });
    const file = await h.files.save(
      cid,
      userId,
      'attachment',
      `passport-${i}.txt`,
      Buffer.from(`passport of ${who.name} ${i}`),
    );
    await db('registrant_files').insert({
      conference_id: cid,
      registrant_id: regId,
      file_id: file.id,
      field: 'passport',
    });
    await db('notice_reads').insert({ conference_id: cid, user_id: userId, seen_at: now() });
  }
  // Money in conference a: a paid order with its receipt and invoice request; in b an unpaid one.
  const paid = await put(db, 'orders', {
    conference_id: a,
    user_id: userId,
    order_no: `P${userId}A`,
    type: 'fee',
    reference: `P${userId}A`,
    currency: 'CNY',
    total_amount: 120000,
    paid_amount: 120000,
    status: 'paid',
    lang: 'zh',
    deadline_at: now(),
    paid_at: now(),
    remark: `call ${who.phone}`,
    created_at: now(),
    updated_at: now(),
  });
  // its log as the order desk writes it: the manager's remark is copied into its line
  await db('order_log').insert(
    (
      [
        ['person', userId, 'created', ''],
        ['gateway', null, 'paid', 'walletA PA1'],
        ['manager', null, 'remarked', `call ${who.phone}`],
      ] as const
    ).map(([actor, actorUserId, action, detail]) => ({
      conference_id: a,
      order_id: paid,
      at: now(),
      actor,
      actor_user_id: actorUserId,
      action,
      amount: action === 'remarked' ? null : 120000,
      currency: action === 'remarked' ? null : 'CNY',
      detail,
    })),
  );
  await put(db, 'order_items', {
    conference_id: a,
    order_id: paid,
    kind: 'fee',
    ref_id: 1,
    title_zh: '注册费',
    title_en: 'Registration fee',
    unit_amount: 120000,
    quantity: 1,
    price_version: 1,
    valid: true,
  });
  await put(db, 'orders', {
    conference_id: b,
    user_id: userId,
    order_no: `P${userId}B`,
    type: 'fee',
    reference: `P${userId}B`,
    currency: 'CNY',
    total_amount: 5000,
    paid_amount: 0,
    status: 'unpaid',
    lang: 'zh',
    deadline_at: now(),
    created_at: now(),
    updated_at: now(),
  });
  await put(db, 'payment_attempts', {
    conference_id: a,
    user_id: userId,
    attempt_no: `A${userId}`,
    method: 'bank',
    currency: 'CNY',
    amount: 120000,
    state: 'succeeded',
    expires_at: now(),
    created_at: now(),
    updated_at: now(),
  });
  await put(db, 'receipt_documents', {
    conference_id: a,
    order_id: paid,
    user_id: userId,
    number: `NO-${userId}`,
    order_no: `P${userId}A`,
    payer_name: who.name,
    payer_email: who.email,
    lines: '[]',
    currency: 'CNY',
    total_amount: 120000,
    paid_amount: 120000,
    method: 'bank',
    paid_at: now(),
    issued_at: now(),
  });
  await put(db, 'invoice_requests', {
    conference_id: a,
    order_id: paid,
    user_id: userId,
    order_no: `P${userId}A`,
    applicant_name: who.name,
    applicant_email: who.email,
    invoice_type: 'normal',
    content: 'fee',
    title_type: 'company',
    title_name: 'Test Company Ltd',
    taxpayer_id: '91110000TEST',
    recipient_name: who.name,
    phone: who.phone,
    address: `Room 1, ${who.name} Road`,
    email: who.email,
    currency: 'CNY',
    amount: 120000,
    order_amount: 120000,
    paid_date: '2026-11-01',
    attendees: JSON.stringify([who.name]),
    comment: `for ${who.name}`,
    status: 'pending',
    express_no: '',
    bill_no: '',
    created_at: now(),
    updated_at: now(),
  });

  const hotel = await put(db, 'hotels', {
    conference_id: a,
    name_zh: '测试酒店',
    name_en: 'Test Hotel',
    sort: 0,
    created_at: now(),
    updated_at: now(),
  });
  const room = await put(db, 'hotel_rooms', {
    conference_id: a,
    hotel_id: hotel,
    type_zh: '标准间',
    type_en: 'Twin',
    price_amount: 50000,
    total: 10,
    created_at: now(),
    updated_at: now(),
  });
  await put(db, 'hotel_bookings', {
    conference_id: a,
    user_id: userId,
    hotel_id: hotel,
    room_id: room,
    check_in: '2026-12-01',
    check_out: '2026-12-03',
    nights: 2,
    quantity: 1,
    currency: 'CNY',
    unit_amount: 50000,
    total_amount: 100000,
    holds: 'sold',
    status: 'confirmed',
    requirements: `quiet room for ${who.name}`,
    email: who.email,
    name: who.name,
    unit: 'Institute of Tests',
    phone: who.phone,
    lang: 'zh',
    created_at: now(),
    updated_at: now(),
  });
  await papersAndMail(h, who, userId, conferences, coAuthor);
  return { ...who, userId };
}
