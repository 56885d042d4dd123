/**
 * TRUST_PROXY is parsed to its real type (issue: "1", the documented value, trusted nobody, so
 * every visitor behind a proxy shared one address for the rate limits, and req.protocol stayed
 * http). The address the limits count is watched through the rate limiter the app is given.
 */
import { afterEach, describe, expect, test } from 'vitest';
import request from 'supertest';
import { loadConfig } from '../../../server/config';
import { MemoryRateLimiter } from '../../../server/platform/rateLimit';
import { createHarness, type Harness } from '../../helpers/harness';
import { PLATFORM_HOST } from '../../helpers/accounts';

class RecordingLimiter extends MemoryRateLimiter {
  readonly keys: string[] = [];
  override async hit(key: string, limit: number, windowMs: number) {
    this.keys.push(key);
    return super.hit(key, limit, windowMs);
  }
}

const env = (TRUST_PROXY?: string) =>
  loadConfig({
    DATA_DIR: '/tmp/cp-config-test',
    SECRET: 'x'.repeat(40),
    ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
  });

describe('parsing', () => {
  test.each([
    [undefined, undefined],
    ['1', 1],
    ['2', 2],
    ['0', 0],
    ['true', true],
    ['false', false],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('TRUST_PROXY=%j → %j', (value, expected) => {
    expect(env(value).TRUST_PROXY).toEqual(expected);
  });

  test('anything else is refused at start, with the reason', () => {
    expect(() => env('yes please')).toThrow(/TRUST_PROXY/);
  });
});

describe('behind proxies', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  async function loginFrom(trustProxy: string | undefined, forwardedFor: string) {
    const limiter = new RecordingLimiter();
    h = await createHarness({
      seedDemo: false,
      limiter,
      env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    });
    await request(h.app)
      .post('/api/base/oauth/localLogin')
      .set('Host', PLATFORM_HOST)
      .set('Origin', `http://${PLATFORM_HOST}`)
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: 'x@example.org', password: 'whatever-123' });
    return limiter.keys.find((k) => k.startsWith('login:ip:'));
  }

  test('one proxy (TRUST_PROXY=1): the client address is the one the proxy saw', async () => {
    expect(await loginFrom('1', '203.0.113.7')).toBe('login:ip:203.0.113.7');
  });

  test('two proxies (TRUST_PROXY=2): the address before both', async () => {
    expect(await loginFrom('2', '203.0.113.7, 198.51.100.2')).toBe('login:ip:203.0.113.7');
  });

  test('one proxy trusted, two in front: a spoofed first hop is not believed', async () => {
    expect(await loginFrom('1', '6.6.6.6, 198.51.100.2')).toBe('login:ip:198.51.100.2');
  });

  test('no proxy configured: forwarded headers are ignored', async () => {
    const key = await loginFrom(undefined, '203.0.113.7');
    expect(key).not.toContain('203.0.113.7');
  });

  test('behind a TLS-terminating proxy the protocol is https: HSTS is sent, and only then', async () => {
    h = await createHarness({ seedDemo: false, env: { TRUST_PROXY: '1' } });
    const secure = await request(h.app)
      .get('/conferencelogin')
      .set('Host', PLATFORM_HOST)
      .set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plain = await request(h.app).get('/conferencelogin').set('Host', PLATFORM_HOST);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
