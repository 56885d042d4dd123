/**
 * Hundreds of requests at once, as an attacker (or a rush of real people) sends them: one
 * listening server for all of them (supertest given a bare listener starts a server per request),
 * and a rate limiter whose limits can be raised for chosen keys, so that a test can bring hundreds
 * of requests from its one address to the code under test. Production limits are not touched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RequestListener } from '../../server/app';
import { MemoryRateLimiter, type RateDecision, type RateLimiter } from '../../server/platform/rateLimit';

export type Served = {
  post(host: string, path: string, body: object, cookie?: string): request.Test;
  get(host: string, path: string, cookie?: string): request.Test;
  close(): Promise<void>;
};

export async function serve(app: RequestListener): Promise<Served> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withCookie = (req: request.Test, cookie?: string) => (cookie ? req.set('Cookie', cookie) : req);
  return {
    post: (host, path, body, cookie) =>
      withCookie(
        request(base).post(`/api${path}`).set('Host', host).set('Origin', `http://${host}`).send(body),
        cookie,
      ),
    get: (host, path, cookie) => withCookie(request(base).get(path).set('Host', host), cookie),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The in-memory limiter, with the limit of every key that starts with a given prefix replaced. */
export class RaisedLimits implements RateLimiter {
  readonly inner = new MemoryRateLimiter();

  constructor(private readonly raised: Record<string, number>) {}

  hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const prefix = Object.keys(this.raised).find((p) => key.startsWith(p));
    return this.inner.hit(key, prefix !== undefined ? this.raised[prefix] : limit, windowMs);
  }

  count(key: string): Promise<number> {
    return this.inner.count(key);
  }

  release(key: string): Promise<void> {
    return this.inner.release(key);
  }

  reset(key: string): Promise<void> {
    return this.inner.reset(key);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** How many answers had each HTTP status and message, e.g. { '400 userReg.verifyCodeError': 5 }. */
export function tally(responses: Array<{ status: number; body: { message?: string } }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of responses) {
    const key = `${r.status} ${r.body?.message ?? ''}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}
