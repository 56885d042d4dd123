/**
 * Finished HTML for anonymous visitors: one entry per (host, URL, language, device, content
 * version), with a strong ETag, gzip made once on first demand, and the response headers the
 * app sent with it so the fast path (modules/sites/cachedPages.ts) can replay them exactly.
 * Also the pages shared by everyone in a visitor's state, and the kept pages of the app's routes
 * (keptPages.ts: how a route declares one, keeps it and has it served).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ConferenceCache, type InvalidationBus } from './cache';
import { gzipSplicedChunks, partBytes } from './gzipSplice';
import type { Identity } from './identity';

export type CachedPage = { body: Buffer; etag: string; gzip?: Buffer; headers?: OutgoingHttpHeaders };

// The request id is each answer's own (platform/requestScope.ts): a replay keeps the new one.
const PER_REQUEST = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
  'x-request-id',
]);

export function anonymousPageKey(
  host: string | undefined,
  url: string,
  lang: string,
  mobile: boolean,
  contentVersion: number,
): string {
  return `${host ?? ''}|${url}|${lang}|${mobile ? 'm' : 'd'}|${contentVersion}`;
}

/** What a page shared by everyone in the same state may depend on: which of these the person is. */
export type Visibility = { loggedIn: boolean; attendee: boolean; staff: boolean };

/** The key of a shared page: the anonymous key's parts, the visibility, and what the page is. */
export function sharedPageKey(what: string, anonymousKey: string, v: Visibility): string {
  return `${what}|${anonymousKey}|${v.loggedIn ? 'u' : 'a'}${v.attendee ? 'r' : ''}${v.staff ? 's' : ''}`;
}

/** What a kept page needs to be served again without the app. */
export type KeptPageUse = {
  /**
   * The values of the page's slots for this visitor (null: they cannot be had here, the app
   * answers); may set headers on the answer (a cookie).
   */
  fill(
    req: IncomingMessage,
    res: ServerResponse,
    identity: Identity | null,
  ): Partial<Record<SlotName, string | Buffer>> | null;
  /** false once the page no longer holds (it depends on the day, say) */
  fresh?: () => boolean;
};

export type KeptPage = SlottedPage & KeptPageUse;

export class PageCache {
  private readonly cache = new ConferenceCache<CachedPage>(1000);
  /** pages for signed-in people, rendered without the person (slots for their values) */
  private readonly shared = new ConferenceCache<SlottedPage>(1000);
  /**
   * whole pages of the app's routes (the sign-in, sign-up, reset, registration and programme
   * pages), per visitor state, with slots for the visitor's values, which the fast path fills
   * (KeptPageUse; keptPages.ts)
   */
  private readonly kept = new ConferenceCache<KeptPage>(1000);
  /** the paths that have kept pages: the fast path looks only for these */
  readonly keptPaths = new Set<string>();
  /** counts drops: a page rendered across one is not kept (it may hold what was dropped) */
  private drops = 0;
  /** answers given by the fast path without entering the app */
  fastHits = 0;
  /** public pages answered from the cache inside the app, and rendered for want of one (metrics) */
  appHits = 0;
  misses = 0;

  constructor(bus: InvalidationBus) {
    bus.onDrop((conferenceId) => {
      this.drops++;
      this.cache.dropConference(conferenceId);
      this.shared.dropConference(conferenceId);
      this.kept.dropConference(conferenceId);
    });
    const dropAll = () => {
      this.drops++;
      this.cache.clear();
      this.shared.clear();
      this.kept.clear();
    };
    bus.onDropAll(dropAll);
    bus.onNoticesMissed(dropAll);
  }

  /** Taken before a page's data is read, given back to keepPage. */
  epoch(): number {
    return this.drops;
  }

  getKept(conferenceId: number, key: string): KeptPage | undefined {
    const page = this.kept.get(conferenceId, key);
    return page && (!page.fresh || page.fresh()) ? page : undefined;
  }

  /**
   * Keeps a page for the fast path, unless a drop came while it was rendered (since: epoch()
   * before). The page is returned cut either way, to be sent now.
   */
  keepPage(
    conferenceId: number,
    key: string,
    pathname: string,
    html: string,
    use: KeptPageUse,
    since: number,
  ): KeptPage {
    const page = { ...cutAtSlots(html), ...use };
    if (since === this.drops) {
      this.kept.set(conferenceId, key, page);
      this.keptPaths.add(pathname);
    }
    return page;
  }

  getShared(conferenceId: number, key: string): SlottedPage | undefined {
    return this.shared.get(conferenceId, key);
  }

  putShared(conferenceId: number, key: string, html: string): SlottedPage {
    const page = cutAtSlots(html);
    this.shared.set(conferenceId, key, page);
    return page;
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
    return this.cache.size() + this.shared.size() + this.kept.size();
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
    for (const [name, value] of Object.entries(res.getHeaders()))
      if (!PER_REQUEST.has(name) && value !== undefined) headers[name] = value;
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

/**
 * Per-request values put into a page after it is rendered, so that the rest of the page can be
 * rendered once and reused. Each slot is a token that HTML, JSON and URL encoding all leave as it
 * is; the value put in its place is escaped for the one context that slot stands in.
 */
export const SLOTS = {
  /** the account frame's hand-over state (base64url: safe in a URL, an attribute and JSON as is) */
  handoffState: 'cpSlotHandoffState0f3b9d1e7a2c4b6d8e0f1a3b5c7d9e1f',
  /** the signed-in person's name as text (HTML-escaped) */
  userName: 'cpSlotUserName4e8a2c6b0d1f3a5c',
  /** the person's userInfo in the page's JSON data (as JSON safe in a script) */
  userInfo: 'cpSlotUserInfo7b1d5f9a3c2e4a6b',
  /** the user menu islands (rendered per request) */
  userMenu: 'cpSlotUserMenu2a6c0e4b8d1f5a9c',
  mobileUserMenu: 'cpSlotUserMenuMobile9d3b7f1a5c0e',
  /** an application page's own HTML inside the site's template */
  appPage: 'cpSlotAppPage6f0a4c8e2b5d9a1c',
  /** the signed-in person's e-mail and name in a form island: in its data-props, in its HTML (renderIslandWithSlots) */
  accountEmailInProps: 'cpSlotAccountEmailProps3c9e1a7f5b2d',
  accountEmailInHtml: 'cpSlotAccountEmailHtml8b4f0d6a2e1c',
  accountNameInProps: 'cpSlotAccountNameProps6d2a8c4e0f3b',
  accountNameInHtml: 'cpSlotAccountNameHtml1f7b3d9a5c0e',
  /** the person's registration number as text (HTML-escaped) */
  registrantCode: 'cpSlotRegistrantCode4a0c8e2f6b1d',
} as const;

export type SlotName = keyof typeof SLOTS;
/** Slots whose token was written as a JSON string: the value replaces the string, quotes and all. */
const JSON_SLOTS: SlotName[] = ['userInfo'];
const SLOT_PATTERN = new RegExp(
  Object.entries(SLOTS)
    .map(([name, token]) => (JSON_SLOTS.includes(name as SlotName) ? `"${token}"` : token))
    .join('|'),
  'g',
);
const SLOT_BY_TOKEN = new Map<string, SlotName>(
  Object.entries(SLOTS).map(([name, token]) => [token, name as SlotName]),
);

/**
 * A rendered page cut at its slots, ready to be filled many times. `bytes` and `deflated` are its
 * parts encoded once, on first need; `headers` are those the app sent it with the first time, for
 * the fast path (modules/sites/cachedPages.ts) to replay.
 */
export type SlottedPage = {
  parts: string[];
  slots: SlotName[];
  tokens: string[];
  length: number;
  bytes?: Buffer[];
  deflated?: Buffer[];
  headers?: OutgoingHttpHeaders;
};

export function cutAtSlots(html: string): SlottedPage {
  const parts: string[] = [];
  const slots: SlotName[] = [];
  const tokens: string[] = [];
  let last = 0;
  for (const match of html.matchAll(SLOT_PATTERN)) {
    parts.push(html.slice(last, match.index));
    slots.push(SLOT_BY_TOKEN.get(match[0].replace(/"/g, ''))!);
    tokens.push(match[0]);
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return { parts, slots, tokens, length: html.length };
}

/** The slots' values as bytes, in the page's order (a slot without a value keeps its token). */
function slotBytes(page: SlottedPage, values: Partial<Record<SlotName, string | Buffer>>): Buffer[] {
  return page.slots.map((slot, i) => {
    const value = values[slot] ?? page.tokens[i];
    return typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  });
}

/**
 * Sends a shared page filled with these values, for a person (never stored by a browser or a
 * proxy for anyone else). The shared parts go out as the bytes they were encoded to once; no
 * ETag is computed over the whole page on every request (a person's page is not revalidated).
 * A browser that takes gzip gets the parts as they were compressed once, with the person's
 * values between them (gzipSpliced), rather than the whole page compressed per request.
 */
export function sendFilledPage(
  res: ServerResponse,
  page: SlottedPage,
  values: Partial<Record<SlotName, string | Buffer>>,
  cacheControl = 'private, no-store',
): void {
  const req = res.req;
  if (page.headers) for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value!);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (!page.headers) page.headers = replayableHeaders(res);
  const filled = slotBytes(page, values);
  let chunks: Buffer[];
  if (acceptsGzip(req)) {
    chunks = gzipSplicedChunks(page, filled);
    res.setHeader('Content-Encoding', 'gzip');
  } else {
    const bytes = partBytes(page);
    chunks = [bytes[0]];
    for (let i = 0; i < filled.length; i++) chunks.push(filled[i], bytes[i + 1]);
  }
  res.statusCode = 200;
  res.setHeader(
    'Content-Length',
    chunks.reduce((n, c) => n + c.length, 0),
  );
  if (req.method === 'HEAD') return void res.end();
  // The parts go out as they are, in one writev with the head (corked): joining them first copied
  // the whole page on every answer, a tenth of a kept page's CPU (docs/performance.md).
  res.cork();
  for (const chunk of chunks) if (chunk.length) res.write(chunk);
  res.end(); // uncorks: the head and the parts leave together
}

function replayableHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders()))
    if (!PER_REQUEST.has(name) && value !== undefined) headers[name] = value;
  return headers;
}

/** Fills the slots given a value; the others stay as they are, for a later step to fill. */
export function fillSlots(page: SlottedPage, values: Partial<Record<SlotName, string>>): string {
  let out = page.parts[0];
  for (let i = 0; i < page.slots.length; i++) out += (values[page.slots[i]] ?? page.tokens[i]) + page.parts[i + 1];
  return out;
}

/** A page with the account frame's state slot, given this request's state (set by the frame's route). */
export function withHandoffState(res: { locals: Record<string, unknown> }, html: string): string {
  const state = res.locals.handoffState;
  return typeof state === 'string' ? html.replaceAll(SLOTS.handoffState, state) : html;
}
