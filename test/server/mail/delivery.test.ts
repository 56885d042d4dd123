/** The worker against a real SMTP server: delivery, outage and retry, bad login, two workers, giving up. */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { migrate } from '../../../server/db/index';
import { fromDbInstant } from '../../../server/db/dialect';
import { enqueueBulkMail, enqueueMail } from '../../../server/modules/mail/service';
import { platformTransports, smtpTransport } from '../../../server/modules/mail/transport';
import { MailWorker, MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from '../../../server/modules/mail/worker';
import type { MailRow } from '../../../server/modules/mail/repo';
import { createTestDb, type TestDb } from '../../helpers/db';
import { AUTH_ERROR, SMTP_USER, startSmtpPeer, type SmtpPeer } from './smtpPeer';

let t: TestDb;
let smtp: SmtpPeer;

beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
  smtp = await startSmtpPeer();
});

afterAll(async () => {
  await smtp?.stop();
  await t?.drop();
});

beforeEach(async () => {
  await t.db('mail_outbox').del();
  smtp.received.length = 0;
  smtp.envelopes.length = 0;
  if (!smtp.running) await smtp.start(); // a test may have stopped it
});

function config(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SECRET: 'x'.repeat(40),
    PLATFORM_HOST: 'platform.example.org',
    ...env,
  });
}

function transportsFor(smtpUrl: string) {
  return platformTransports(config({ SMTP_URL: smtpUrl }));
}

/** A worker whose clock the test moves. */
function worker(smtpUrl = smtp.url()) {
  const clock = { now: new Date() };
  const w = new MailWorker(t.db, transportsFor(smtpUrl), { now: () => clock.now });
  return { w, clock, advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) };
}

async function row(id: number): Promise<MailRow> {
  return (await t.db<MailRow>('mail_outbox').where({ id }).first())!;
}

test('a queued message is sent once and recorded; Chinese subject and body survive', async () => {
  const subject = '验证码：123456 — 会议平台';
  const text = '您的邮箱验证码是：123456\n验证码 10 分钟内有效。';
  const id = await enqueueMail(t.db, {
    conferenceId: null,
    to: ['张三@example.org', 'second@example.org'],
    subject,
    text,
    html: `<p>${text}</p>`,
  });
  expect((await row(id)).status).toBe('queued');

  const { w } = worker();
  expect(await w.drain()).toBe(1);
  expect(await w.drain()).toBe(0);

  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0];
  expect(mail.subject).toBe(subject);
  expect(mail.text?.trim()).toBe(text);
  expect(mail.html).toContain('验证码 10 分钟内有效');
  expect(mail.from?.value[0].address).toBe(SMTP_USER);
  const to = Array.isArray(mail.to) ? mail.to : [mail.to!];
  expect(to.flatMap((a) => a.value.map((v) => v.address))).toEqual(['张三@example.org', 'second@example.org']);

  const r = await row(id);
  expect(r).toMatchObject({ status: 'sent', attempts: 0, last_error: null, locked_until: null });
  expect(r.message_id).toBe(mail.messageId);
  expect(r.sent_at).not.toBeNull();
});

test('?from= in SMTP_URL sets the sender', async () => {
  await enqueueMail(t.db, { conferenceId: null, to: ['a@example.org'], subject: 'From', text: 'x' });
  const { w } = worker(smtp.url(undefined, `?from=${encodeURIComponent('Conference Platform <noreply@example.org>')}`));
  expect(await w.drain()).toBe(1);
  expect(smtp.received[0].from?.value[0]).toMatchObject({
    name: 'Conference Platform',
    address: 'noreply@example.org',
  });
  expect(smtpTransport('smtp://plainuser:pw@127.0.0.1:1', 'platform.example.org').from).toBe(
    'noreply@platform.example.org',
  );
});

test('SMTP down: the attempt is recorded and retried after a minute; the message then arrives exactly once', async () => {
  const id = await enqueueMail(t.db, {
    conferenceId: null,
    to: ['retry@example.org'],
    subject: 'Retry',
    text: 'after the outage',
  });
  await smtp.stop();
  const { w, clock, advance } = worker();

  expect(await w.drain()).toBe(1);
  let r = await row(id);
  expect(r).toMatchObject({ status: 'queued', attempts: 1, locked_until: null });
  // The class of the failure, never the server's own text (docs/mail.md).
  expect(r.last_error).toBe('mail:error.connect');
  const wait = fromDbInstant(r.next_attempt_at)!.getTime() - clock.now.getTime();
  expect(wait).toBe(RETRY_SCHEDULE_MS[0]);
  expect(wait).toBe(60_000);

  // Not due yet: nothing is tried, even with the server back.
  await smtp.start();
  advance(30_000);
  expect(await w.drain()).toBe(0);
  expect(smtp.received).toHaveLength(0);

  advance(31_000); // now + 61 s
  expect(await w.drain()).toBe(1);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0].subject).toBe('Retry');
  r = await row(id);
  expect(r).toMatchObject({ status: 'sent', attempts: 1 });

  advance(24 * 3600_000);
  expect(await w.drain()).toBe(0);
  expect(smtp.received).toHaveLength(1);
});

test('wrong credentials: the failure is recorded as its class, without the server’s answer', async () => {
  const id = await enqueueMail(t.db, { conferenceId: null, to: ['x@example.org'], subject: 'Login', text: 'x' });
  const { w } = worker(smtp.url({ user: SMTP_USER, pass: 'wrong-password' }));
  expect(await w.drain()).toBe(1);
  const r = await row(id);
  expect(r).toMatchObject({ status: 'queued', attempts: 1 });
  expect(r.last_error).toBe('mail:error.auth');
  expect(r.last_error).not.toContain(AUTH_ERROR);
  expect(smtp.received).toHaveLength(0);
});

test('two workers draining at once send each message once', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 20; i++)
    ids.push(
      await enqueueMail(t.db, {
        conferenceId: null,
        to: [`user${i}@example.org`],
        subject: `Message ${i}`,
        text: `body ${i}`,
      }),
    );
  const a = worker().w;
  const b = worker().w;
  const [na, nb] = await Promise.all([a.drain(), b.drain()]);
  expect(na + nb).toBe(20);
  expect(smtp.received).toHaveLength(20);
  expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(20);
  const statuses = await t.db('mail_outbox').whereIn('id', ids).select('status');
  expect(statuses.every((s: { status: string }) => s.status === 'sent')).toBe(true);
});

test(`after ${MAX_ATTEMPTS} failed attempts the message is failed (production without SMTP)`, async () => {
  const id = await enqueueMail(t.db, { conferenceId: null, to: ['never@example.org'], subject: 'Never', text: 'x' });
  const transports = platformTransports(config({ NODE_ENV: 'production' }));
  expect(await transports.forConference(null)).toBeNull();
  const clock = { now: new Date() };
  const w = new MailWorker(t.db, transports, { now: () => clock.now });

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    expect(await w.drain()).toBe(1);
    const r = await row(id);
    expect(r.attempts).toBe(attempt);
    expect(r.last_error).toBe('mail:error.noSmtp');
    if (attempt < MAX_ATTEMPTS) {
      expect(r.status).toBe('queued');
      expect(fromDbInstant(r.next_attempt_at)!.getTime() - clock.now.getTime()).toBe(RETRY_SCHEDULE_MS[attempt - 1]);
      clock.now = new Date(fromDbInstant(r.next_attempt_at)!.getTime() + 1000);
    } else {
      expect(r.status).toBe('failed');
    }
  }
  clock.now = new Date(clock.now.getTime() + 7 * 24 * 3600_000);
  expect(await w.drain()).toBe(0);
});

test('bulk mail: 45 recipients go out as 3 messages of at most 20, each recipient in Bcc only', async () => {
  const [cid] = await t
    .db('conferences')
    .insert({ slug: 'bulk', created_at: '2026-01-01 00:00:00.000', updated_at: '2026-01-01 00:00:00.000' });
  const to = Array.from({ length: 45 }, (_, i) => `reader${i}@example.org`);
  expect(
    await enqueueBulkMail(t.db, {
      conferenceId: Number(cid),
      to,
      subject: '会议通知',
      text: '你好',
      html: '<p>你好</p>',
      kind: 'bulk',
    }),
  ).toBe(3);
  const { w } = worker();
  expect(await w.drain()).toBe(3);
  expect(smtp.received).toHaveLength(3);
  expect(smtp.envelopes.map((e) => e.length)).toEqual([20, 20, 5]);
  expect(smtp.envelopes.flat().sort()).toEqual([...to].sort());
  for (const mail of smtp.received) {
    // No recipient's address is in the headers another recipient reads.
    expect(mail.to).toBeUndefined();
    expect(mail.headers.get('bcc')).toBeUndefined();
    expect(mail.subject).toBe('会议通知');
  }
  await t.db('conferences').where({ id: cid }).delete();
});
