/**
 * The desk's service worker (issue 33): a desk page reopened without a connection still opens, and
 * its scans are queued on the device (islands/CheckinDesk/queue.ts) until the connection is back.
 *
 * What it keeps, in one cache named by the build (a new build's worker drops the old cache):
 * - the desk page itself (network first; the copy is used only when the network fails), which
 *   holds the desks' names and the signed-in staff member's, as the page already does;
 * - the page's own scripts, styles and fonts (same origin, never /api/), listed by the page once
 *   it has loaded, and any /assets/ file it loads later (their names carry their hash).
 * API answers (people's names, payments) are never kept: they go to the network or fail, and the
 * desk queues the typed code. The scope is the desk page alone (DESK_PAGE), not the management area.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DESK_PAGE } from '../../contract/checkin';
import { ROOT_DIR } from '../../paths';

/** The build's stamp (server/buildStamp.mjs), or 'dev' without a build: a new build is a new worker. */
export function deskWorkerVersion(): string {
  try {
    return fs.readFileSync(path.join(ROOT_DIR, 'dist/.build-stamp'), 'utf8').trim().slice(0, 16) || 'dev';
  } catch {
    return 'dev';
  }
}

export function deskWorkerScript(version: string): string {
  return `'use strict';
const CACHE = 'checkin-desk-' + ${JSON.stringify(version)};
const DESK = ${JSON.stringify(DESK_PAGE)};
const keepable = (url) => url.origin === self.location.origin && !url.pathname.startsWith('/api/') && (url.pathname === DESK || url.pathname.startsWith('/assets/') || url.pathname.startsWith('/locales/') || url.pathname.startsWith('/fonts/'));

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith('checkin-desk-') && name !== CACHE) await caches.delete(name);
  await self.clients.claim();
})()));

// The page lists what it loaded; each is fetched again and kept (the page first, as DESK).
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data && event.data.keep) ? event.data.keep : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let kept = 0;
    for (const href of urls.slice(0, 200)) {
      let url;
      try { url = new URL(href, self.location.origin); } catch { continue; }
      if (!keepable(url)) continue;
      try {
        const answer = await fetch(url.href, { credentials: 'same-origin', cache: 'no-cache', redirect: 'error' });
        if (answer.ok) { await cache.put(url.pathname === DESK ? DESK : url.href, answer); kept++; }
      } catch { /* offline already: what is kept stays */ }
    }
    if (event.source) event.source.postMessage({ deskKept: kept });
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!keepable(url)) return;
  if (url.pathname === DESK && request.mode === 'navigate') {
    event.respondWith((async () => {
      try {
        const answer = await fetch(request);
        if (answer.ok && !answer.redirected) await (await caches.open(CACHE)).put(DESK, answer.clone());
        return answer;
      } catch (err) {
        const kept = await (await caches.open(CACHE)).match(DESK);
        if (kept) return kept;
        throw err;
      }
    })());
    return;
  }
  if (url.pathname === DESK) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request.url);
    if (kept) return kept;
    const answer = await fetch(request);
    if (answer.ok && url.pathname.startsWith('/assets/')) await cache.put(request.url, answer.clone());
    return answer;
  })());
});
`;
}
