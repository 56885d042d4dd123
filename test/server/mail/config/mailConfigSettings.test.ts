/**
 * A conference's own mail against real SMTP servers (smtp-server with a login): its settings and
 * their rules, the test message and its two messages, delivery through the conference's server
 * with an outage. Templates and the log: mailConfigTemplates.test.ts.
 */
import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { enqueueMail } from '../../../../server/modules/mail/service';
import { call } from '../../registration/helpers';
import { useMailServers, LOGIN, h, cid, manager, own, platform, host, settings, worker } from './mailConfigWorld';

useMailServers();

describe('settings', () => {
  test.each([
    ['a bad address', { email: 'not-an-address' }, 'emailFormatError'],
    ['passwords that differ', { confirmPassword: 'something-else-1' }, 'passwordError'],
    // Providers' authorization codes, not the platform's password rule (docs/mail.md, issue 18).
    ['no password on the first save', { password: '', confirmPassword: '' }, 'passwordRequire'],
    [
      'a password with a line break',
      { password: 'abcd\r\nefgh', confirmPassword: 'abcd\r\nefgh' },
      'mail:passwordInvalid',
    ],
    [
      'a password of 129 characters',
      { password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) },
      'mail:passwordInvalid',
    ],
    ['no server', { smtpHost: ' ' }, 'mail:smtpRequired'],
    ['a port that is not one', { port: 70000 }, 'mail:portInvalid'],
    ['a port with a fraction', { port: 25.5 }, 'mail:portInvalid'],
    ['a phone that is not one', { phone: '12345' }, 'phoneRequire'],
  ])('refuses %s and saves nothing', async (_name, change, message) => {
    const res = await call(h, host, 'post', '/conference/platform/config/email', {
      token: manager,
      body: settings(change),
    });
    expect(res.body).toMatchObject({ code: 400, message });
    expect(await h.db('mail_configs').where({ conference_id: cid }).first()).toBeUndefined();
  });

  test.each([
    ['a letters-only authorization code', 'abcdefghijklmnop'],
    ['a short one', 'x'],
    ['one of 128 characters with symbols', '!'.repeat(64) + 'é'.repeat(64)],
  ])('accepts %s', async (_name, password) => {
    const res = await call(h, host, 'post', '/conference/platform/config/email', {
      token: manager,
      body: settings({ password, confirmPassword: password, active: false }),
    });
    expect(res.body).toMatchObject({ code: 200, message: 'mail:saved' });
    await h.db('mail_configs').where({ conference_id: cid }).delete();
  });

  test('saved with the password encrypted, never sent back; an empty password keeps it', async () => {
    const res = await call(h, host, 'post', '/conference/platform/config/email', { token: manager, body: settings() });
    expect(res.body.data).toEqual({
      email: LOGIN.user,
      smtpHost: '127.0.0.1',
      port: own.port,
      ssl: false,
      active: true,
      hasPassword: true,
      phone: '',
    });
    // The phone (spec 3/5) is kept: a mobile number or an international one.
    const phoned = await call(h, host, 'post', '/conference/platform/config/email', {
      token: manager,
      body: settings({ password: '', confirmPassword: '', phone: '+86 10 6259 8888' }),
    });
    expect(phoned.body.data.phone).toBe('+86 10 6259 8888');
    const row = await h.db('mail_configs').where({ conference_id: cid }).first();
    expect(row!.password_enc).not.toContain(LOGIN.pass);
    await call(h, host, 'post', '/conference/platform/config/email', {
      token: manager,
      body: settings({ password: '', confirmPassword: '' }),
    }).expect(200);
    expect((await h.db('mail_configs').where({ conference_id: cid }).first())!.password_enc).toBe(row!.password_enc);
    expect(
      JSON.stringify((await call(h, host, 'get', '/conference/platform/config/email', { token: manager })).body),
    ).not.toContain(LOGIN.pass);
  });
});

describe('the test message', () => {
  test('arrives through the conference’s server', async () => {
    const res = await call(h, host, 'post', '/conference/platform/config/email/test', {
      token: manager,
      body: { to: 'check@example.org', settings: settings({ password: '', confirmPassword: '' }) },
    });
    expect(res.body).toMatchObject({ code: 200, message: 'mail:testSent' });
    expect(own.received.at(-1)?.subject).toBe('会议平台测试邮件');
  });

  test('wrong credentials: the login was refused (the class, not the server’s text)', async () => {
    const res = await call(h, host, 'post', '/conference/platform/config/email/test', {
      token: manager,
      body: {
        to: 'check@example.org',
        settings: settings({ password: 'wrong-password-1', confirmPassword: 'wrong-password-1' }),
      },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:error.auth' });
  });

  test("a server that never answers: 'Email authentication timed out…' (mail:error.timeout)", async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const res = await call(h, host, 'post', '/conference/platform/config/email/test', {
        token: manager,
        body: { to: 'check@example.org', settings: settings({ port }) },
      });
      expect(res.body).toMatchObject({ code: 400, message: 'mail:error.timeout' });
    } finally {
      silent.close();
    }
  }, 30_000);
});

describe('delivery', () => {
  test('through the conference’s own server; stopped, then restarted: every message arrives once', async () => {
    own.received.length = 0;
    platform.received.length = 0;
    await own.stop();
    for (const i of [1, 2, 3])
      await enqueueMail(h.db, {
        conferenceId: cid,
        to: [`p${i}@example.org`],
        subject: `通知 ${i}`,
        text: '会议通知正文',
      });
    const w = worker();
    await w.drain();
    expect(own.received).toHaveLength(0);
    await own.start();
    await h
      .db('mail_outbox')
      .where({ conference_id: cid, status: 'queued' })
      .update({ next_attempt_at: '2000-01-01 00:00:00.000' });
    await w.drain();
    await w.drain();
    expect(own.received.map((m) => m.subject).sort()).toEqual(['通知 1', '通知 2', '通知 3']);
    expect(own.received[0].from?.value[0].address).toBe(LOGIN.user);
    expect(own.received[0].text?.trim()).toBe('会议通知正文');
    expect(platform.received).toHaveLength(0);
  });

  test('inactive settings: the platform’s server sends', async () => {
    await h.db('mail_configs').where({ conference_id: cid }).update({ active: false });
    await enqueueMail(h.db, { conferenceId: cid, to: ['q@example.org'], subject: 'via platform', text: 'x' });
    await worker().drain();
    expect(platform.received.map((m) => m.subject)).toContain('via platform');
    await h.db('mail_configs').where({ conference_id: cid }).update({ active: true });
  });
});
