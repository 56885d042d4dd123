/**
 * A conference's SMTP host cannot reach inside the platform's network (issue 10 #6): private,
 * loopback and link-local addresses are refused after resolution, on save, on the test call and
 * on every send (a row written before included); only the usual SMTP ports; the test call is
 * rate-limited per conference. Here the platform runs with the default policy, and the real
 * SMTP server on 127.0.0.1 is the internal service an attacker would aim at.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';
import { enqueueMail } from '../../../../server/modules/mail/service';
import { platformTransports } from '../../../../server/modules/mail/transport';
import { MailWorker } from '../../../../server/modules/mail/worker';
import { loadConfig } from '../../../../server/config';
import { SMTP_TEST_LIMIT } from '../../../../server/modules/mail/configRoutes';
import { startSmtpPeer, type SmtpPeer } from '../../mail/smtpPeer';
import { call } from '../../registration/helpers';

const LOGIN = { user: 'inside@example.org', pass: 'inside-mail-2027' };
let h: Harness;
let internal: SmtpPeer;
let cid: number;
let manager: string;
const host = 'ssrf.localhost';
const CONFIG = '/conference/platform/config/email';

const settings = (change: object = {}) => ({
  email: LOGIN.user,
  password: LOGIN.pass,
  confirmPassword: LOGIN.pass,
  smtpHost: '203.0.114.10',
  port: 587,
  ssl: false,
  active: true,
  ...change,
});

beforeAll(async () => {
  internal = await startSmtpPeer(LOGIN);
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'ssrf', domains: [host] }));
  manager = await h.login({ email: 'ssrf-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(async () => {
  await h?.stop();
  await internal?.stop();
});

describe('saving the settings', () => {
  test.each([
    ['loopback', '127.0.0.1'],
    ['another loopback', '127.3.2.1'],
    ['a name resolving to loopback', 'localhost'],
    ['RFC 1918', '10.1.2.3'],
    ['RFC 1918 (172.16/12)', '172.20.0.5'],
    ['RFC 1918 (192.168/16)', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['this network', '0.0.0.0'],
    ['multicast', '224.0.0.1'],
    ['reserved', '240.0.0.1'],
  ])('refuses %s (%s) and saves nothing', async (_name, smtpHost) => {
    const res = await call(h, host, 'post', CONFIG, { token: manager, body: settings({ smtpHost }) });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:error.hostRefused', field: 'smtpHost' });
    expect(await h.db('mail_configs').where({ conference_id: cid }).first()).toBeUndefined();
  });

  test('only the usual SMTP ports', async () => {
    for (const port of [22, 80, 3306, 6379, 8080, internal.port]) {
      const res = await call(h, host, 'post', CONFIG, { token: manager, body: settings({ port }) });
      expect(res.body, String(port)).toMatchObject({ code: 400, message: 'mail:error.portRefused', field: 'port' });
    }
    for (const port of [25, 465, 587, 2525]) {
      expect(
        (await call(h, host, 'post', CONFIG, { token: manager, body: settings({ port }) })).body.code,
        String(port),
      ).toBe(200);
    }
  });
});

describe('the test call', () => {
  test('refuses a private host without connecting to it', async () => {
    const res = await call(h, host, 'post', `${CONFIG}/test`, {
      token: manager,
      body: { to: 'check@example.org', settings: settings({ smtpHost: 'localhost', port: internal.port }) },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:error.hostRefused', field: 'smtpHost' });
    const res2 = await call(h, host, 'post', `${CONFIG}/test`, {
      token: manager,
      body: { to: 'check@example.org', settings: settings({ smtpHost: '127.0.0.1', port: 25 }) },
    });
    expect(res2.body).toMatchObject({ code: 400, message: 'mail:error.hostRefused', field: 'smtpHost' });
    expect(internal.received).toHaveLength(0);
  });

  test(`at most ${SMTP_TEST_LIMIT.limit} an hour per conference`, async () => {
    const other = await h.provision(contractSite({ slug: 'ssrf2', domains: ['ssrf2.localhost'] }));
    const boss = await h.login({ email: 'ssrf2-boss@example.org', conferenceId: other, roles: ['manager'] });
    const test = () =>
      call(h, 'ssrf2.localhost', 'post', `${CONFIG}/test`, {
        token: boss,
        body: { to: 'check@example.org', settings: settings({ smtpHost: '10.0.0.1' }) },
      });
    for (let i = 0; i < SMTP_TEST_LIMIT.limit; i++) expect((await test()).body.message).toBe('mail:error.hostRefused');
    const refused = await test();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('mail:testTooMany');
  });
});

describe('sending', () => {
  test('a row written before (pointing at an internal server) reaches nothing: the attempt fails as hostRefused', async () => {
    // Saved with a public address, then changed behind the API's back (an older version, a restore).
    await call(h, host, 'post', CONFIG, { token: manager, body: settings() }).expect(200);
    await h
      .db('mail_configs')
      .where({ conference_id: cid })
      .update({ smtp_host: '127.0.0.1', port: internal.port, updated_at: '2030-01-01 00:00:00.000' });
    const id = await enqueueMail(h.db, {
      conferenceId: cid,
      to: ['someone@example.org'],
      subject: 'through the wall',
      text: 'x',
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.testDb.dataDir, SECRET: 'x'.repeat(40) });
    await new MailWorker(h.db, platformTransports(config, h.smtp)).drain();
    expect(internal.received).toHaveLength(0);
    expect(await h.db('mail_outbox').where({ id }).first()).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'mail:error.hostRefused',
    });
    const log = await call(h, host, 'get', '/conference/platform/mail/log', { token: manager });
    expect(log.body.data.rows[0]).toMatchObject({ id, lastError: 'mail:error.hostRefused' });
  });
});

describe('an on-premise mail server, allowed by the operator', () => {
  test('SMTP_ALLOWED_HOSTS names it (address or CIDR), SMTP_ALLOWED_PORTS its port', async () => {
    const onPrem = await createHarness({
      seedDemo: false,
      env: { SMTP_ALLOWED_HOSTS: '127.0.0.0/8, mail.corp.example', SMTP_ALLOWED_PORTS: `25,587,${internal.port}` },
    });
    try {
      const id = await onPrem.provision(contractSite({ slug: 'onprem', domains: ['onprem.localhost'] }));
      const boss = await onPrem.login({ email: 'onprem-boss@example.org', conferenceId: id, roles: ['manager'] });
      const res = await call(onPrem, 'onprem.localhost', 'post', `${CONFIG}/test`, {
        token: boss,
        body: { to: 'check@example.org', settings: settings({ smtpHost: '127.0.0.1', port: internal.port }) },
      });
      expect(res.body).toMatchObject({ code: 200, message: 'mail:testSent' });
      expect(internal.received.at(-1)?.subject).toBe('会议平台测试邮件');
      // Other private ranges stay closed.
      expect(
        (
          await call(onPrem, 'onprem.localhost', 'post', CONFIG, {
            token: boss,
            body: settings({ smtpHost: '10.0.0.1' }),
          })
        ).body.message,
      ).toBe('mail:error.hostRefused');
    } finally {
      await onPrem.stop();
    }
  });
});
