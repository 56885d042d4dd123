/** enqueueMail: what it refuses, and that it writes inside the caller's transaction. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate } from '../../../server/db/index';
import { enqueueMail } from '../../../server/modules/mail/service';
import { createTestDb, type TestDb } from '../../helpers/db';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
});

afterAll(async () => {
  await t?.drop();
});

const ok = { conferenceId: null, to: ['a@example.org'], subject: 'Hello', text: 'body' };

test('a valid message is queued, due now, with its recipients comma-separated', async () => {
  const id = await enqueueMail(t.db, { ...ok, to: ['a@example.org', ' b@example.org '], html: '<p>body</p>' });
  const row = await t.db('mail_outbox').where({ id }).first();
  expect(row).toMatchObject({
    status: 'queued',
    attempts: 0,
    to_address: 'a@example.org, b@example.org',
    html_body: '<p>body</p>',
    conference_id: null,
  });
  expect(row!.next_attempt_at).toBe(row!.created_at);
});

test('refuses header injection and a missing recipient', async () => {
  await expect(enqueueMail(t.db, { ...ok, subject: 'Hello\nBcc: victim@example.org' })).rejects.toMatchObject({
    status: 400,
    field: 'subject',
  });
  await expect(enqueueMail(t.db, { ...ok, subject: 'Hello\r' })).rejects.toMatchObject({ field: 'subject' });
  await expect(enqueueMail(t.db, { ...ok, to: [] })).rejects.toMatchObject({ status: 400, field: 'to' });
  await expect(enqueueMail(t.db, { ...ok, to: ['  '] })).rejects.toMatchObject({ field: 'to' });
  await expect(enqueueMail(t.db, { ...ok, to: ['a@example.org\r\nBcc: x@example.org'] })).rejects.toMatchObject({
    field: 'to',
  });
  await expect(enqueueMail(t.db, { ...ok, to: ['a@example.org, b@example.org'] })).rejects.toMatchObject({
    field: 'to',
  });
  expect(await t.db('mail_outbox').where({ subject: 'Hello\r' }).first()).toBeUndefined();
});

test('a rolled-back transaction leaves no mail behind; a committed one does', async () => {
  const before = Number((await t.db('mail_outbox').count({ n: '*' }))[0].n);
  await expect(
    t.db.transaction(async (tx) => {
      await enqueueMail(tx, { ...ok, subject: 'Rolled back' });
      throw new Error('the request failed after queueing its mail');
    }),
  ).rejects.toThrow('the request failed');
  expect(await t.db('mail_outbox').where({ subject: 'Rolled back' }).first()).toBeUndefined();

  await t.db.transaction(async (tx) => {
    await enqueueMail(tx, { ...ok, subject: 'Committed' });
  });
  expect(await t.db('mail_outbox').where({ subject: 'Committed' }).first()).toBeDefined();
  expect(Number((await t.db('mail_outbox').count({ n: '*' }))[0].n)).toBe(before + 1);
});
