/**
 * Development without SMTP: the worker keeps mail in the outbox and /_dev/mail shows it, escaped,
 * to clients on this machine only (issue 10: it shows everyone's codes).
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import express from 'express';
import request from 'supertest';
import { loadConfig } from '../../../server/config';
import { enqueueMail } from '../../../server/modules/mail/service';
import { platformTransports } from '../../../server/modules/mail/transport';
import { devMailRouter } from '../../../server/modules/mail/routes';
import { MailWorker } from '../../../server/modules/mail/worker';
import { createHarness, type Harness } from '../../helpers/harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await h?.stop();
});

function config(env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: h.testDb.dataDir, SECRET: 'x'.repeat(40), ...env });
}

test('without SMTP_URL outside production, the worker keeps mail and /_dev/mail shows it escaped', async () => {
  const transports = platformTransports(config());
  expect(await transports.forConference(null)).toBe('keep');

  const kept = await enqueueMail(h.db, {
    conferenceId: null,
    to: ['newcomer@example.org'],
    subject: 'Your code <b>123456</b> & more',
    text: '您的邮箱验证码是：123456\n<script>alert(1)</script>',
  });
  const worker = new MailWorker(h.db, transports);
  expect(await worker.drain()).toBe(1);
  expect(await h.db('mail_outbox').where({ id: kept }).first()).toMatchObject({
    status: 'kept',
    attempts: 0,
    sent_at: null,
    locked_until: null,
  });
  // Enqueued after the drain: still queued, and listed too (newest first).
  await enqueueMail(h.db, { conferenceId: null, to: ['other@example.org'], subject: 'Second message', text: 'later' });

  const res = await request(h.app).get('/_dev/mail').set('Host', 'localhost');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.text).toContain(
    'Development mail: no SMTP server is configured, so messages are kept here (set SMTP_URL to send them)',
  );
  expect(res.text).toContain('Your code &lt;b&gt;123456&lt;/b&gt; &amp; more');
  expect(res.text).not.toContain('<b>123456');
  expect(res.text).toContain('您的邮箱验证码是：123456');
  expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(res.text).not.toMatch(/<script/i);
  expect(res.text).toContain('newcomer@example.org');
  expect(res.text.indexOf('Second message')).toBeLessThan(res.text.indexOf('Your code'));

  const filtered = await request(h.app)
    .get('/_dev/mail')
    .query({ to: 'newcomer@example.org' })
    .set('Host', 'localhost');
  expect(filtered.status).toBe(200);
  expect(filtered.text).toContain('Your code &lt;b&gt;');
  expect(filtered.text).not.toContain('Second message');

  // Sent mail is not development mail.
  await h.db('mail_outbox').where({ id: kept }).update({ status: 'sent' });
  const afterSend = await request(h.app).get('/_dev/mail').set('Host', 'localhost');
  expect(afterSend.text).not.toContain('Your code');
  expect(afterSend.text).toContain('Second message');
});

test('with SMTP_URL, or in production, there is no /_dev/mail', async () => {
  const envs: Array<Record<string, string>> = [
    { SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' },
    { NODE_ENV: 'production' },
  ];
  for (const env of envs) {
    const app = express().use(devMailRouter({ db: h.db, config: config(env) }));
    const res = await request(app).get('/_dev/mail');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Development mail');
  }
});

/** A non-loopback address of this machine, to be a client that is not local. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

function getFrom(
  port: number,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: localAddress, port, path: '/_dev/mail', localAddress, headers: { host: 'localhost', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

test('through a proxy (forwarded headers), even from 127.0.0.1, there is no /_dev/mail', async () => {
  for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
    const res = await request(h.app)
      .get('/_dev/mail')
      .set('Host', 'localhost')
      .set(header, header === 'Forwarded' ? 'for=127.0.0.1' : '127.0.0.1');
    expect(res.status, header).toBe(404);
    expect(res.text).not.toContain('Development mail');
  }
});

test.skipIf(!outsideAddress)('a client from another address gets 404, whatever header it sends', async () => {
  await enqueueMail(h.db, {
    conferenceId: null,
    to: ['victim@example.org'],
    subject: 'Your code 654321',
    text: '654321',
  });
  const server = http.createServer(h.app);
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', () => r()));
  const { port } = server.address() as AddressInfo;
  try {
    const tries: Array<Record<string, string>> = [{}, { 'X-Forwarded-For': '127.0.0.1' }, { 'X-Real-IP': '::1' }];
    for (const headers of tries) {
      const res = await getFrom(port, outsideAddress!, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('654321');
    }
    // The same server still answers this machine.
    expect((await getFrom(port, '127.0.0.1')).status).toBe(200);
  } finally {
    server.close();
  }
});
