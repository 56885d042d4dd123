/**
 * A route that declares its page kept (screen(..., { keep })) and sends it through sendKeptPage:
 * the second visitor is answered by the fast path, before the route, with their own slot value;
 * a page rendered across a drop is sent but not kept; a page is served only for the conference it
 * was kept for. The real routes' kept pages are in test/server/sites/keptPages.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { screen } from '../../../server/platform/access';
import { InvalidationBus } from '../../../server/platform/cache';
import { keepPagesIn, sendKeptPage, serveKeptPage } from '../../../server/platform/keptPages';
import { anonymousPageKey, PageCache, SLOTS } from '../../../server/platform/pageCache';
import type { SiteSnapshot } from '../../../server/platform/site';

const CONFERENCE = 7;
const site = { conference: { id: CONFERENCE }, config: { contentVersion: 1 } } as unknown as SiteSnapshot;

let bus: InvalidationBus;
let cache: PageCache;
let server: http.Server;
let port: number;
/** how often the route itself answered */
let rendered = 0;
/** a drop the route waits for while it renders, as a change committed meanwhile */
let dropWhileRendering = false;
/** the conference whose kept pages the fast path looks up (the host's, on the real fast path) */
let fastPathConference = CONFERENCE;

beforeAll(async () => {
  bus = await InvalidationBus.create();
  cache = new PageCache(bus);
  const app = express();
  keepPagesIn(app, cache);
  app.use((req, _res, next) => {
    req.ctx = {
      host: 'kept.localhost',
      conferenceId: CONFERENCE,
      site,
      lang: 'en',
      mobile: false,
      session: null,
      identity: null,
    };
    next();
  });
  const keep = {
    for: 'anonymous' as const,
    slots: { handoffState: (req: http.IncomingMessage) => String(req.headers['x-visitor']) },
  };
  app.get('/kept', screen('anonymous', 'conference', { keep }), async (req, res) => {
    rendered++;
    if (dropWhileRendering) await bus.conferenceChanged(CONFERENCE);
    if (!sendKeptPage(req, res, () => `<p>${SLOTS.handoffState}</p>`, {})) res.status(500).end();
  });
  server = http.createServer((req, res) => {
    const key = anonymousPageKey(req.headers.host, req.url ?? '/', 'en', false, 1);
    if (cache.keptPaths.has(req.url ?? '') && serveKeptPage(cache, req, res, fastPathConference, key, null, () => ({})))
      return;
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await bus?.close();
});
beforeEach(async () => {
  await bus.everyConferenceChanged();
  dropWhileRendering = false;
  fastPathConference = CONFERENCE;
});

function get(visitor: string): Promise<{ status: number; body: string; cacheControl: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: '/kept', headers: { host: 'kept.localhost', 'x-visitor': visitor } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString('utf8')));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, cacheControl: res.headers['cache-control'] }),
          );
        },
      )
      .on('error', reject);
  });
}

describe('a route that declares its page kept', () => {
  test('is answered by the fast path the second time, each visitor with their own value', async () => {
    const before = rendered;
    const hits = cache.fastHits;
    expect(await get('first')).toEqual({ status: 200, body: '<p>first</p>', cacheControl: 'private, no-store' });
    expect(await get('second')).toEqual({ status: 200, body: '<p>second</p>', cacheControl: 'private, no-store' });
    expect(rendered).toBe(before + 1);
    expect(cache.fastHits).toBe(hits + 1);
  });

  test('rendered across a drop, the page is sent but not kept', async () => {
    dropWhileRendering = true;
    const before = rendered;
    expect((await get('first')).body).toBe('<p>first</p>');
    expect((await get('second')).body).toBe('<p>second</p>');
    expect(rendered).toBe(before + 2);
    // Once no drop comes while it renders, it is kept again.
    dropWhileRendering = false;
    await get('third');
    expect((await get('fourth')).body).toBe('<p>fourth</p>');
    expect(rendered).toBe(before + 3);
  });

  test("is never served for another conference's host", async () => {
    await get('first');
    fastPathConference = CONFERENCE + 1;
    const before = rendered;
    const hits = cache.fastHits;
    expect((await get('other')).body).toBe('<p>other</p>');
    expect(rendered).toBe(before + 1);
    expect(cache.fastHits).toBe(hits);
  });
});
