/**
 * What a manager learns of a remote server is a class of error, never its text (issue 10 #6):
 * a local service's banner does not reach the test call's answer nor the mail log. The classes
 * against real peers, and the connection pinned to the checked address with the TLS server name
 * kept. Runs with the allowance for 127.0.0.1 (the peers' address), as an on-premise set-up would.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createHarness, TEST_SECRET, type Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';
import { enqueueMail } from '../../../../server/modules/mail/service';
import { platformTransports } from '../../../../server/modules/mail/transport';
import { MailWorker } from '../../../../server/modules/mail/worker';
import { ConferenceSmtp } from '../../../../server/modules/mail/conferenceSmtp';
import { HostGuard } from '../../../../server/platform/netGuard';
import { loadConfig } from '../../../../server/config';
import { startSmtpPeer, type SmtpPeer } from '../../mail/smtpPeer';
import { call } from '../../registration/helpers';

const SECRET = 'SECRET-BANNER-7f3a9c';
const LOGIN = { user: 'sender@example.org', pass: 'remote-text-2027' };
let h: Harness;
let cid: number;
let manager: string;
let peer: SmtpPeer;
const servers: net.Server[] = [];
const host = 'remote.localhost';
const CONFIG = '/conference/platform/config/email';

const settings = (change: object = {}) => ({
  email: LOGIN.user,
  password: LOGIN.pass,
  confirmPassword: LOGIN.pass,
  smtpHost: '127.0.0.1',
  port: peer.port,
  ssl: false,
  active: true,
  ...change,
});
const testCall = (change: object, to = 'check@example.org') =>
  call(h, host, 'post', `${CONFIG}/test`, { token: manager, body: { to, settings: settings(change) } });

/** A TCP service that is not an SMTP server: it greets with its banner (and its secret). */
async function tcpService(onConnect: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnect);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as net.AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  peer = await startSmtpPeer(LOGIN);
  h = await createHarness({ seedDemo: false, allowPrivateSmtp: true });
  cid = await h.provision(contractSite({ slug: 'remote', domains: [host] }));
  manager = await h.login({ email: 'remote-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(async () => {
  await h?.stop();
  await peer?.stop();
  for (const s of servers) s.close();
});

describe('a service that is not a mail server', () => {
  test('the test call answers a class; the banner is nowhere in the answer', async () => {
    const ssh = await tcpService((socket) => socket.end(`SSH-2.0-OpenSSH_9.6 ${SECRET}\r\n`));
    const res = await testCall({ port: ssh });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:error.protocol' });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
  });

  test('a greeting that looks like SMTP, then its own replies: none of its text is kept', async () => {
    const fake = await tcpService((socket) => {
      socket.write(`220 ${SECRET} ESMTP ready\r\n`);
      socket.on('data', () => socket.write(`554 ${SECRET}-REPLY go away\r\n`));
    });
    const res = await testCall({ port: fake });
    expect(res.body.code).toBe(400);
    expect(res.body.message).toMatch(/^mail:error\./);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);

    // The worker, with the conference's saved settings pointing at it: the log holds the class only.
    await call(h, host, 'post', CONFIG, { token: manager, body: settings({ port: fake }) }).expect(200);
    const id = await enqueueMail(h.db, {
      conferenceId: cid,
      to: ['someone@example.org'],
      subject: 'banner',
      text: 'x',
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.testDb.dataDir, SECRET: TEST_SECRET });
    await new MailWorker(h.db, platformTransports(config, h.smtp)).drain();
    const row = await h.db('mail_outbox').where({ id }).first();
    expect(row!.last_error).toMatch(/^mail:error\.(protocol|connect|auth|sender)$/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const log = await call(h, host, 'get', '/conference/platform/mail/log?size=100', { token: manager });
    expect(JSON.stringify(log.body)).not.toContain(SECRET);
  });
});

describe('the classes of error', () => {
  test('login refused: auth', async () => {
    expect((await testCall({ password: 'wrong-password-1', confirmPassword: 'wrong-password-1' })).body.message).toBe(
      'mail:error.auth',
    );
  });

  test('nothing listening: connect', async () => {
    expect((await testCall({ port: await closedPort() })).body.message).toBe('mail:error.connect');
  });

  test('SSL on against a plain server: tls', async () => {
    expect((await testCall({ ssl: true })).body.message).toBe('mail:error.tls');
  });

  test('recipient refused: recipient', async () => {
    const strict = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error(`${SECRET} no such user`), { responseCode: 550 })),
    });
    strict.on('error', () => undefined);
    await new Promise<void>((r) => strict.listen(0, '127.0.0.1', () => r()));
    try {
      const res = await testCall({ port: (strict.server.address() as net.AddressInfo).port });
      expect(res.body.message).toBe('mail:error.recipient');
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
    } finally {
      await new Promise<void>((r) => strict.close(() => r()));
    }
  });
});

describe('pinning', () => {
  test('connects to the address that was checked, one lookup per connection, with the host name as TLS server name', async () => {
    let hello = Buffer.alloc(0);
    const tlsPort = await tcpService((socket) =>
      socket.on('data', (chunk: Buffer) => {
        hello = Buffer.concat([hello, chunk]);
        socket.destroy();
      }),
    );
    const lookups: string[] = [];
    // The name exists only in this lookup: whoever connects did not resolve it again.
    const guard = new HostGuard({ allowPrivate: false, allowed: ['127.0.0.1/32'], ports: 'any' }, async (name) => {
      lookups.push(name);
      return [{ address: lookups.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
    });
    const smtp = new ConferenceSmtp(h.db, TEST_SECRET, guard);
    const error = await smtp
      .test(cid, { ...settings({ smtpHost: 'mail.pinned.test', port: tlsPort, ssl: true }) }, 'check@example.org', {
        subject: 's',
        body: 'b',
      })
      .catch((err: { messageKey: string }) => err);
    // The save-time check and the connection each resolved once; the second answer (a private
    // address, as a rebinding DNS server would give) was refused before any connection.
    expect(lookups).toEqual(['mail.pinned.test', 'mail.pinned.test']);
    expect((error as { messageKey: string }).messageKey).toBe('mail:error.hostRefused');
    expect(hello.length).toBe(0);

    // With a lookup that stays on the allowed address, the TLS hello reaches it carrying the name.
    const steady = new ConferenceSmtp(
      h.db,
      TEST_SECRET,
      new HostGuard({ allowPrivate: false, allowed: ['127.0.0.1/32'], ports: 'any' }, async () => [
        { address: '127.0.0.1', family: 4 },
      ]),
    );
    await steady
      .test(cid, settings({ smtpHost: 'mail.pinned.test', port: tlsPort, ssl: true }), 'check@example.org', {
        subject: 's',
        body: 'b',
      })
      .catch(() => undefined);
    expect(hello.length).toBeGreaterThan(0);
    expect(hello.includes(Buffer.from('mail.pinned.test'))).toBe(true);
  });
});
