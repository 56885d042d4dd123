/**
 * Fixed-window counters for brute-force limits (login, codes). In-process by default; with Redis
 * every instance shares the counts, so adding instances does not multiply the allowance.
 */
import { Redis } from 'ioredis';
import { warnAtMostEvery10s } from './logger';

export type RateDecision = { allowed: boolean; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one hit on `key`; refused once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** How many hits the key has in its current window, without counting one. */
  count(key: string): Promise<number>;
  /** Gives back one hit counted in the current window (work it reserved did not happen). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { allowed: w.count <= limit, retryAfterMs: w.count <= limit ? 0 : w.resetAt - now };
  }

  async count(key: string): Promise<number> {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? w.count : 0;
  }

  async release(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.now() && w.count > 0) w.count--;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

const RELEASE_SCRIPT = "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then redis.call('DECR', KEYS[1]) end return 0";

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  /** `prefix`: the keys' namespace; tests running side by side on one Redis each take their own. */
  constructor(
    url: string,
    private readonly prefix = 'conference-platform:rate:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    // While Redis is away ioredis reconnects by itself; a count it cannot make fails its request.
    this.redis.on('error', warnAtMostEvery10s('Redis (rate limits) is unreachable: reconnecting'));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const k = `${this.prefix}${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.pexpire(k, windowMs);
    const retryAfterMs = ttl > 0 ? ttl : windowMs;
    return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : retryAfterMs };
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}${key}`)) ?? 0);
  }

  async release(key: string): Promise<void> {
    // Atomic: never below zero, never on a window that has already ended (no key).
    await this.redis.eval(RELEASE_SCRIPT, 1, `${this.prefix}${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl?: string): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
