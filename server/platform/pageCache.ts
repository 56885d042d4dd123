/**
 * Finished HTML for anonymous visitors, compressed once per entry, with a strong ETag.
 * Keys carry the content version, and the whole conference bucket is dropped on any edit.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { ConferenceCache, type InvalidationBus } from './cache';

export type CachedPage = { body: Buffer; gzip: Buffer; etag: string };

export class PageCache {
  private readonly cache = new ConferenceCache<CachedPage>(1000);

  constructor(bus: InvalidationBus) {
    bus.onDrop((conferenceId) => this.cache.dropConference(conferenceId));
  }

  get(conferenceId: number, key: string): CachedPage | undefined {
    return this.cache.get(conferenceId, key);
  }

  put(conferenceId: number, key: string, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const entry: CachedPage = {
      body,
      gzip: zlib.gzipSync(body, { level: 6 }),
      etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    };
    this.cache.set(conferenceId, key, entry);
    return entry;
  }

  size(): number {
    return this.cache.size();
  }
}

export function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header);
}

/** Sends a cached page: 304 when the browser has it, gzip when it accepts it. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Cookie, User-Agent');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (req.headers['if-none-match'] === page.etag) {
    res.status(304).end();
    return;
  }
  const gzip = acceptsGzip(req);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const body = gzip ? page.gzip : page.body;
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
