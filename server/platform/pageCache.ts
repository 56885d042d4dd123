/**
 * Finished HTML for anonymous visitors: one entry per (host, URL, language, device, content
 * version), with a strong ETag, gzip made once on first demand, and the response headers the
 * app sent with it so the fast path (modules/sites/cachedPages.ts) can replay them exactly.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ConferenceCache, type InvalidationBus } from './cache';

export type CachedPage = { body: Buffer; etag: string; gzip?: Buffer; headers?: OutgoingHttpHeaders };

const PER_REQUEST = new Set(['content-length', 'content-encoding', 'date', 'connection', 'keep-alive', 'set-cookie']);

export function anonymousPageKey(host: string | undefined, url: string, lang: string, mobile: boolean, contentVersion: number): string {
  return `${host ?? ''}|${url}|${lang}|${mobile ? 'm' : 'd'}|${contentVersion}`;
}

export class PageCache {
  private readonly cache = new ConferenceCache<CachedPage>(1000);
  /** answers given by the fast path without entering the app */
  fastHits = 0;

  constructor(bus: InvalidationBus) {
    bus.onDrop((conferenceId) => this.cache.dropConference(conferenceId));
  }

  get(conferenceId: number, key: string): CachedPage | undefined {
    return this.cache.get(conferenceId, key);
  }

  put(conferenceId: number, key: string, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const entry: CachedPage = { body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` };
    this.cache.set(conferenceId, key, entry);
    return entry;
  }

  size(): number {
    return this.cache.size();
  }
}

function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header);
}

/** Sends a cached page: 304 when the browser has it, gzip when it accepts it. */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  if (!page.headers) {
    res.setHeader('ETag', page.etag);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie, User-Agent');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Everything the app set for this response (security headers included) is kept for replay.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_REQUEST.has(name) && value !== undefined) headers[name] = value;
    page.headers = headers;
  } else {
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value!);
  }
  if (req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  let body = page.body;
  if (acceptsGzip(req)) {
    body = page.gzip ??= zlib.gzipSync(page.body, { level: 6 });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
