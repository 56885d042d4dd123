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

const RELEASE_SCRIPT =
  "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then redis.call('DECR', KEYS[1]) end return 0";

/**
 * Counts in Redis, shared by every instance. While Redis is lost each instance counts in its own
 * memory instead (the limits still hold, per instance) rather than fail the login or code request
 * that asked: a brute-force limit that answers 500 would take sign-in down with the cache. Before
 * the first connection commands wait for it, as at any start; once it was ready, a loss switches
 * at once (no request waits on reconnection attempts) and its return switches back.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimiter();
  private lost = false;
  private readonly warn = warnAtMostEvery10s('Redis (rate limits) is unreachable: counting in this instance meanwhile');

  /** `prefix`: the keys' namespace; tests running side by side on one Redis each take their own. */
  constructor(
    url: string,
    private readonly prefix = 'conference-platform:rate:',
  ) {
    // commandTimeout: a Redis that hangs rather than refuses must not hang the request either.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: 1_000 });
    this.redis.on('error', (err: Error) => this.warn(err));
    let wasReady = false;
    this.redis.on('close', () => {
      if (wasReady) this.lost = true;
    });
    this.redis.on('ready', () => {
      wasReady = true;
      this.lost = false;
    });
  }

  /** Runs `shared` against Redis, or `local` in memory while Redis is lost or when it fails. */
  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.lost) return local();
    try {
      return await shared();
    } catch (err) {
      this.warn(err as Error);
      return local();
    }
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const k = `${this.prefix}${key}`;
    return this.either(
      async () => {
        const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [
          [null, number],
          [null, number],
        ];
        if (ttl < 0) await this.redis.pexpire(k, windowMs);
        const retryAfterMs = ttl > 0 ? ttl : windowMs;
        return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : retryAfterMs };
      },
      () => this.fallback.hit(key, limit, windowMs),
    );
  }

  async count(key: string): Promise<number> {
    return this.either(
      async () => Number((await this.redis.get(`${this.prefix}${key}`)) ?? 0),
      () => this.fallback.count(key),
    );
  }

  async release(key: string): Promise<void> {
    // Atomic: never below zero, never on a window that has already ended (no key).
    await this.either(
      async () => void (await this.redis.eval(RELEASE_SCRIPT, 1, `${this.prefix}${key}`)),
      () => this.fallback.release(key),
    );
  }

  async reset(key: string): Promise<void> {
    // Both: a count made in memory during a loss must not outlive a reset made after it.
    await this.fallback.reset(key);
    await this.either(
      async () => void (await this.redis.del(`${this.prefix}${key}`)),
      async () => undefined,
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createRateLimiter(redisUrl?: string): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
