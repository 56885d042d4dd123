/**
 * A person with data in every feature of two conferences, written straight into the tables (as
 * each feature would have left them) so that the export and the erasure can be checked against
 * every table: registrations with an upload, a paid and an unpaid order, a receipt, an invoice
 * request, a hotel booking, their own manuscript with a co-author and another's naming them,
 * a reviewer profile with a review, feedback with an attachment, notices read, mail to them and
 * about them, a single sign-on link.
 */
import type { Knex } from 'knex';
import type { Harness } from '../../helpers/harness';

const now = () => new Date().toISOString().slice(0, 23).replace('T', ' ');

/** Inserts a row, filling the NOT NULL columns not given with neutral values (never the person's data). */
export async function put(db: Knex, table: string, values: Record<string, unknown>): Promise<number> {
  const info = await db(table).columnInfo();
  const row: Record<string, unknown> = { ...values };
  for (const [col, c] of Object.entries(info)) {
    if (col in row || c.nullable || c.defaultValue !== null || col === 'id') continue;
    const type = c.type.toLowerCase();
    row[col] = /int|bool|tinyint/.test(type) ? 0 : /date|time/.test(type) ? now() : /text/.test(type) ? '{}' : 'x';
  }
  const [id] = await db(table).insert(row, ['id']).catch(async (err) => {
    // Tables without an id column (links, reads)
    if (!('id' in info)) {
      await db(table).insert(row);
      return [0];
    }
    throw err;
  });
  return typeof id === 'object' && id !== null ? Number((id as { id: number }).id) : Number(id);
}

export type Person = { email: string; name: string; phone: string; userId: number };

export async function personWithData(h: Harness, who: { email: string; name: string; phone: string }, conferences: [number, number], coAuthor: { email: string; userId: number }): Promise<Person> {
  const db = h.db;
  const [a, b] = conferences;
  await h.login({ email: who.email, name: who.name, conferenceId: a, roles: ['attendee'] });
  await h.login({ email: who.email, name: who.name, conferenceId: b, roles: ['attendee', 'reviewer'] });
  const userId = Number((await db('users').where({ email: who.email }).first()).id);
  await db('users').where({ id: userId }).update({ true_name: who.name });
  const providerId = await put(db, 'identity_providers', { kind: 'oidc', name_zh: 'SSO', name_en: 'SSO', enabled: true, created_at: now(), updated_at: now() });
  await put(db, 'user_identities', { provider_id: providerId, subject: `sub-${userId}`, user_id: userId, created_at: now() });

  for (const [i, cid] of [a, b].entries()) {
    const regId = await put(db, 'registrants', { conference_id: cid, user_id: userId, version: 'v1', seq: 100 + userId, code: `R${cid}-${userId}`, email: who.email, full_name: who.name, first_name: who.name.split(' ')[0], middle_name: '', last_name: who.name.split(' ').slice(1).join(' '), phone: who.phone, country: 'China', unit: 'Institute of Tests', answers: JSON.stringify({ diet: 'vegetarian', mobile: who.phone }), created_at: now(), updated_at: now() });
    const file = await h.files.save(cid, userId, 'attachment', `passport-${i}.txt`, Buffer.from(`passport of ${who.name} ${i}`));
    await db('registrant_files').insert({ conference_id: cid, registrant_id: regId, file_id: file.id, field: 'passport' });
    await db('notice_reads').insert({ conference_id: cid, user_id: userId, seen_at: now() });
  }
  // Money in conference a: a paid order with its receipt and invoice request; in b an unpaid one.
  const paid = await put(db, 'orders', { conference_id: a, user_id: userId, order_no: `P${userId}A`, type: 'fee', reference: `P${userId}A`, currency: 'CNY', total_amount: 120000, paid_amount: 120000, status: 'paid', lang: 'zh', deadline_at: now(), paid_at: now(), remark: `call ${who.phone}`, created_at: now(), updated_at: now() });
  await put(db, 'order_items', { conference_id: a, order_id: paid, kind: 'fee', ref_id: 1, title_zh: '注册费', title_en: 'Registration fee', unit_amount: 120000, quantity: 1, price_version: 1, valid: true });
  await put(db, 'orders', { conference_id: b, user_id: userId, order_no: `P${userId}B`, type: 'fee', reference: `P${userId}B`, currency: 'CNY', total_amount: 5000, paid_amount: 0, status: 'unpaid', lang: 'zh', deadline_at: now(), created_at: now(), updated_at: now() });
  await put(db, 'payment_attempts', { conference_id: a, user_id: userId, attempt_no: `A${userId}`, method: 'bank', currency: 'CNY', amount: 120000, state: 'succeeded', expires_at: now(), created_at: now(), updated_at: now() });
  await put(db, 'receipt_documents', { conference_id: a, order_id: paid, user_id: userId, number: `NO-${userId}`, order_no: `P${userId}A`, payer_name: who.name, payer_email: who.email, lines: '[]', currency: 'CNY', total_amount: 120000, paid_amount: 120000, method: 'bank', paid_at: now(), issued_at: now() });
  await put(db, 'invoice_requests', { conference_id: a, order_id: paid, user_id: userId, order_no: `P${userId}A`, applicant_name: who.name, applicant_email: who.email, invoice_type: 'normal', content: 'fee', title_type: 'company', title_name: 'Test Company Ltd', taxpayer_id: '91110000TEST', recipient_name: who.name, phone: who.phone, address: `Room 1, ${who.name} Road`, email: who.email, currency: 'CNY', amount: 120000, order_amount: 120000, paid_date: '2026-11-01', attendees: JSON.stringify([who.name]), comment: `for ${who.name}`, status: 'pending', express_no: '', bill_no: '', created_at: now(), updated_at: now() });

  const hotel = await put(db, 'hotels', { conference_id: a, name_zh: '测试酒店', name_en: 'Test Hotel', sort: 0, created_at: now(), updated_at: now() });
  const room = await put(db, 'hotel_rooms', { conference_id: a, hotel_id: hotel, type_zh: '标准间', type_en: 'Twin', price_amount: 50000, total: 10, created_at: now(), updated_at: now() });
  await put(db, 'hotel_bookings', { conference_id: a, user_id: userId, hotel_id: hotel, room_id: room, check_in: '2026-12-01', check_out: '2026-12-03', nights: 2, quantity: 1, currency: 'CNY', unit_amount: 50000, total_amount: 100000, holds: 'sold', status: 'confirmed', requirements: `quiet room for ${who.name}`, email: who.email, name: who.name, unit: 'Institute of Tests', phone: who.phone, lang: 'zh', created_at: now(), updated_at: now() });

  // Their own manuscript (with a co-author) and a co-author's naming them.
  const session = await put(db, 'submission_sessions', { conference_id: a, title_zh: '分会', title_en: 'Session', prefix: 'S', sort: 0, last_seq: 0 });
  const manuscript = await h.files.save(a, userId, 'manuscript', 'paper.txt', Buffer.from('the abstract file'));
  const own = await put(db, 'submissions', { conference_id: a, user_id: userId, number: `S${userId}1`, title: 'On erasure', session_id: session, abstract: 'We study forgetting.', keywords: 'privacy', abstract_file: manuscript.name, full_text_file: '', status: 'submitted', active: true, lang: 'en', submitted_at: now(), updated_at: now() });
  await put(db, 'submission_authors', { conference_id: a, submission_id: own, position: 0, name: who.name.split(' ')[0], surname: who.name.split(' ').slice(1).join(' '), email: who.email, phone: who.phone, country: 'China', company: 'Institute of Tests', corresponding: true });
  await put(db, 'submission_authors', { conference_id: a, submission_id: own, position: 1, name: 'Co', surname: 'Author', email: coAuthor.email, phone: '100', country: 'France', company: 'Other Lab', corresponding: false });
  const theirs = await put(db, 'submissions', { conference_id: a, user_id: coAuthor.userId, number: `S${userId}2`, title: 'With a friend', session_id: session, abstract: 'Joint work.', keywords: 'joint', abstract_file: '', full_text_file: '', status: 'submitted', active: true, lang: 'en', submitted_at: now(), updated_at: now() });
  await put(db, 'submission_authors', { conference_id: a, submission_id: theirs, position: 0, name: 'Co', surname: 'Author', email: coAuthor.email, phone: '100', country: 'France', company: 'Other Lab', corresponding: true });
  await put(db, 'submission_authors', { conference_id: a, submission_id: theirs, position: 1, name: who.name.split(' ')[0], surname: who.name.split(' ').slice(1).join(' '), email: who.email, phone: who.phone, country: 'China', company: 'Institute of Tests', corresponding: false });
  await put(db, 'submission_history', { conference_id: a, submission_id: own, to_status: 'submitted', by: 'author', actor_id: userId, actor: who.name, note: '', created_at: now() });

  // A reviewer in b, with a review of a manuscript of b.
  const sessionB = await put(db, 'submission_sessions', { conference_id: b, title_zh: '分会', title_en: 'Session', prefix: 'T', sort: 0, last_seq: 0 });
  const reviewed = await put(db, 'submissions', { conference_id: b, user_id: coAuthor.userId, number: `T${userId}1`, title: 'Reviewed', session_id: sessionB, abstract: 'x', keywords: 'x', abstract_file: '', full_text_file: '', status: 'submitted', active: true, lang: 'en', submitted_at: now(), updated_at: now() });
  const reviewer = await put(db, 'reviewers', { conference_id: b, email: who.email, user_id: userId, active: true, last_name: 'x', middle_name: '', first_name: 'x', full_name: who.name, unit: 'Institute of Tests', phone: who.phone, country: 'China', direction: 'privacy', lang: 'en', invited_at: now() });
  await put(db, 'reviews', { conference_id: b, submission_id: reviewed, reviewer_id: reviewer, state: 'submitted', scores: '[4]', answers: '{}', opinion: 'accept', comment: 'A good paper.', assigned_at: now(), updated_at: now(), submitted_at: now() });

  const attachment = await h.files.save(a, userId, 'feedback', 'question.txt', Buffer.from(`question from ${who.name}`));
  await put(db, 'feedback', { conference_id: a, user_id: userId, title: 'Visa', name: who.name, email: who.email, phone: who.phone, type: 'Registration', content: 'When do letters come?', attachment_file_id: attachment.id, created_at: now() });

  // Mail: a code to them alone, a bulk message with them among others, a manager's notice naming them.
  await put(db, 'mail_outbox', { conference_id: null, to_address: who.email, subject: 'Your code', text_body: 'Your code is 123456', status: 'sent', attempts: 1, next_attempt_at: now(), created_at: now() });
  await put(db, 'mail_outbox', { conference_id: a, to_address: '', bcc_address: `other@example.org, ${who.email}`, subject: 'News', text_body: 'Dear all', status: 'sent', attempts: 1, next_attempt_at: now(), created_at: now() });
  await put(db, 'mail_outbox', { conference_id: a, to_address: 'manager@example.org', subject: `New registration: ${who.name}`, text_body: `${who.name} <${who.email}> registered`, html_body: `<p>${who.name} registered</p>`, status: 'sent', attempts: 1, next_attempt_at: now(), created_at: now() });
  return { ...who, userId };
}

/** Every row of every table in which one of the texts appears (case-insensitive), as `table: row`. */
export async function rowsNaming(db: Knex, texts: string[]): Promise<Array<{ table: string; row: Record<string, unknown> }>> {
  const client = String(db.client.config.client);
  const tables: string[] = client.includes('sqlite')
    ? (await db.raw("select name from sqlite_master where type='table' and name not like 'sqlite_%'")).map((r: { name: string }) => r.name)
    : (await db.raw('show tables'))[0].map((r: Record<string, string>) => Object.values(r)[0]);
  const found: Array<{ table: string; row: Record<string, unknown> }> = [];
  const wanted = texts.map((t) => t.toLowerCase());
  for (const table of tables) {
    for (const row of (await db(table).select('*')) as Array<Record<string, unknown>>) {
      const text = JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).toLowerCase();
      if (wanted.some((w) => text.includes(w))) found.push({ table, row });
    }
  }
  return found;
}
