/** The address rules of a host a user typed (server/platform/netGuard.ts) and their settings. */
import { describe, expect, test } from 'vitest';
import { HostGuard, HostRefused, isPublicAddress } from '../../../server/platform/netGuard';
import { loadConfig } from '../../../server/config';

describe('isPublicAddress', () => {
  test.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'fec0::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '::127.0.0.1',
    'not-an-address',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '203.0.114.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('HostGuard', () => {
  const answers = (map: Record<string, string[]>) => async (name: string) => {
    if (!map[name]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return map[name].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const dns = answers({
    'mail.example.org': ['93.184.216.34'],
    'mixed.example.org': ['93.184.216.34', '10.0.0.1'],
    'mail.corp.example': ['10.1.1.1'],
    'v6.example.org': ['fd00::25'],
  });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'allowed',
      (err: unknown) => (err instanceof HostRefused ? err.reason : String(err)),
    );

  test('a public name on an SMTP port is allowed, and answers the checked address', async () => {
    const guard = new HostGuard({ allowPrivate: false, allowed: [], ports: [25, 465, 587, 2525] }, dns);
    expect(await guard.resolve('Mail.Example.org.', 587)).toEqual({ address: '93.184.216.34', family: 4 });
  });

  test('a name with one private answer among public ones is refused whole; private IPv6 too', async () => {
    const guard = new HostGuard({ allowPrivate: false, allowed: [], ports: 'any' }, dns);
    expect(await refusal(guard.resolve('mixed.example.org', 25))).toBe('hostRefused');
    expect(await refusal(guard.resolve('v6.example.org', 25))).toBe('hostRefused');
    expect(await refusal(guard.resolve('nowhere.example.org', 25))).toBe('notFound');
  });

  test('ports outside the list are refused', async () => {
    const guard = new HostGuard({ allowPrivate: false, allowed: [], ports: [25, 465, 587, 2525] }, dns);
    expect(await refusal(guard.resolve('mail.example.org', 22))).toBe('portRefused');
    expect(await refusal(guard.resolve('mail.example.org', 6379))).toBe('portRefused');
  });

  test('the operator may allow names, ranges, or every private address', async () => {
    const named = new HostGuard(
      { allowPrivate: false, allowed: ['mail.corp.example', '192.168.10.0/24'], ports: 'any' },
      dns,
    );
    expect(await refusal(named.resolve('mail.corp.example', 25))).toBe('allowed');
    expect(await refusal(named.resolve('192.168.10.5', 25))).toBe('allowed');
    expect(await refusal(named.resolve('192.168.11.5', 25))).toBe('hostRefused');
    const open = new HostGuard({ allowPrivate: true, allowed: [], ports: 'any' }, dns);
    expect(await refusal(open.resolve('127.0.0.1', 2525))).toBe('allowed');
  });
});

describe('settings', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/tmp/cp-netguard-config', SECRET: 'x'.repeat(40), ...env });

  test('defaults: no private hosts, the usual ports, budgets and creation limits as numbers', () => {
    const c = load({});
    expect(c.SMTP_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(c.SMTP_ALLOWED_HOSTS).toEqual([]);
    expect(c.SMTP_ALLOWED_PORTS).toEqual([25, 465, 587, 2525]);
    expect(c.MAIL_DAILY_BUDGET_UNPUBLISHED).toBe(50);
    expect(c.MAIL_DAILY_BUDGET_PUBLISHED).toBe(5000);
    expect(c.CONFERENCE_CREATE_PER_HOUR).toBe(3);
    expect(c.CONFERENCE_CREATE_PER_DAY).toBe(10);
  });

  test('parsed to their types; nonsense stops the start', () => {
    const c = load({
      SMTP_ALLOW_PRIVATE_HOSTS: 'true',
      SMTP_ALLOWED_HOSTS: 'Mail.Corp.Example, 10.0.0.0/8,fd00::/8',
      SMTP_ALLOWED_PORTS: '*',
      MAIL_DAILY_BUDGET_PUBLISHED: '12',
    });
    expect(c.SMTP_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(c.SMTP_ALLOWED_HOSTS).toEqual(['mail.corp.example', '10.0.0.0/8', 'fd00::/8']);
    expect(c.SMTP_ALLOWED_PORTS).toBe('any');
    expect(c.MAIL_DAILY_BUDGET_PUBLISHED).toBe(12);
    expect(load({ SMTP_ALLOWED_PORTS: '25, 1025' }).SMTP_ALLOWED_PORTS).toEqual([25, 1025]);
    const bad: Array<Record<string, string>> = [
      { SMTP_ALLOWED_PORTS: '25,70000' },
      { SMTP_ALLOWED_PORTS: 'smtp' },
      { SMTP_ALLOWED_HOSTS: '10.0.0.0/40' },
      { SMTP_ALLOWED_HOSTS: 'bad host' },
      { SMTP_ALLOW_PRIVATE_HOSTS: 'yes' },
      { MAIL_DAILY_BUDGET_UNPUBLISHED: '-1' },
      { CONFERENCE_CREATE_PER_HOUR: '0' },
    ];
    for (const env of bad) {
      expect(() => load(env), JSON.stringify(env)).toThrow(/Invalid configuration/);
    }
  });
});
