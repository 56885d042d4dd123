/**
 * The public programme's page (/programme) as HTML for the site template's page slot: by day, by
 * room (a day's rooms side by side) or by session; search by title, speaker, unit or manuscript
 * number (across every day); filters by kind and session. Everything here is the same for everyone
 * in the same state (anonymous or signed in), so the whole page is kept for the fast path.
 */
import type { Lang } from '../../contract/enums';
import { PROGRAMME_ITEM_KINDS, type ReleasedItem } from '../../contract/programme';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import { todayIn } from '../../platform/localTime';
import { pick, type PublicProgramme } from './publicData';
import { dayLabel, itemHtml, NS } from './publicFormat';
import { PROGRAMME_CSS, PROGRAMME_SCRIPT } from './publicStyle';

export type ProgrammeView = 'day' | 'room' | 'session';

/** What the address asks for, checked: an unknown value is the default, never an error. */
export type ProgrammeQuery = { view: ProgrammeView; day: string; q: string; kind: string; session: number | null };

/** The conference day to show when none is asked: today on a conference day, else the first. */
export function defaultDay(p: PublicProgramme, now = new Date()): string {
  const today = todayIn(p.programme.timeZone, now);
  const days = [...p.byDay.keys()];
  return days.includes(today) ? today : (days[0] ?? today);
}

export function readQuery(p: PublicProgramme, raw: Record<string, unknown>, now = new Date()): ProgrammeQuery {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const view = (['day', 'room', 'session'] as const).find((v) => v === raw.view) ?? 'day';
  const day = p.byDay.has(str(raw.day)) ? str(raw.day) : defaultDay(p, now);
  const kind = (PROGRAMME_ITEM_KINDS as readonly string[]).includes(str(raw.kind)) ? str(raw.kind) : '';
  const sessionId = Number(str(raw.session));
  const session = Number.isInteger(sessionId) && p.sessions.has(sessionId) ? sessionId : null;
  return { view, day, q: str(raw.q).trim().slice(0, 100), kind, session };
}

function href(q: ProgrammeQuery, change: Partial<ProgrammeQuery>): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.view !== 'day') params.set('view', next.view);
  if (next.view !== 'session') params.set('day', next.day);
  if (next.kind) params.set('kind', next.kind);
  if (next.session) params.set('session', String(next.session));
  const s = params.toString();
  return `/programme${s ? `?${s}` : ''}`;
}

const current = (on: boolean) => (on ? ' aria-current="page"' : '');

function filterForm(p: PublicProgramme, q: ProgrammeQuery, lang: Lang): string {
  const kinds = new Set(p.programme.items.map((i) => i.kind));
  const kindOptions = PROGRAMME_ITEM_KINDS.filter((k) => kinds.has(k))
    .map(
      (k) =>
        `<option value="${k}"${q.kind === k ? ' selected' : ''}>${escapeHtml(t(lang, `${NS}kinds.${k}`))}</option>`,
    )
    .join('');
  const sessionOptions = p.programme.sessions
    .map(
      (s) =>
        `<option value="${s.id}"${q.session === s.id ? ' selected' : ''}>${escapeHtml(pick(s.title, lang))}</option>`,
    )
    .join('');
  return (
    `<form class="pg-filter" method="get" action="/programme" role="search">` +
    (q.view !== 'day' ? `<input type="hidden" name="view" value="${q.view}">` : '') +
    (q.view !== 'session' ? `<input type="hidden" name="day" value="${q.day}">` : '') +
    `<label>${escapeHtml(t(lang, `${NS}search`))}<input type="search" name="q" value="${escapeHtml(q.q)}" placeholder="${escapeHtml(t(lang, `${NS}searchPlaceholder`))}"></label>` +
    `<label>${escapeHtml(t(lang, `${NS}kind`))}<select name="kind"><option value="">${escapeHtml(t(lang, `${NS}allKinds`))}</option>${kindOptions}</select></label>` +
    (sessionOptions
      ? `<label>${escapeHtml(t(lang, `${NS}session`))}<select name="session"><option value="">${escapeHtml(t(lang, `${NS}allSessions`))}</option>${sessionOptions}</select></label>`
      : '') +
    `<button type="submit">${escapeHtml(t(lang, `${NS}apply`))}</button></form>`
  );
}

function matches(p: PublicProgramme, item: ReleasedItem, q: ProgrammeQuery): boolean {
  if (q.kind && item.kind !== q.kind) return false;
  if (q.session && item.sessionId !== q.session) return false;
  if (q.q && !p.searchText.get(item.uid)!.includes(q.q.toLowerCase())) return false;
  return true;
}

/** Items shown at the top of a list: a paper whose block is in the release is shown inside it, unless filtered on its own. */
function topLevel(p: PublicProgramme, items: ReleasedItem[], q: ProgrammeQuery): ReleasedItem[] {
  const filtering = Boolean(q.q || q.kind || q.session);
  if (filtering) return items.filter((i) => matches(p, i, q));
  return items.filter((i) => !i.parentUid || !p.byUid.has(i.parentUid));
}

/** The items a view of the page lists at its top level (what its JSON-LD names). */
export function shownItems(p: PublicProgramme, q: ProgrammeQuery): ReleasedItem[] {
  if (q.q || q.view === 'session') return topLevel(p, p.programme.items, q);
  return topLevel(p, p.byDay.get(q.day) ?? [], q);
}

function listHtml(
  p: PublicProgramme,
  items: ReleasedItem[],
  q: ProgrammeQuery,
  lang: Lang,
  signedIn: boolean,
  withDay = false,
): string {
  const filtering = Boolean(q.q || q.kind || q.session);
  if (!items.length) return `<p class="pg-empty">${escapeHtml(t(lang, `${NS}noItems`))}</p>`;
  return items.map((i) => itemHtml(p, i, lang, { signedIn, withDay, showChildren: !filtering })).join('');
}

function bodyOf(p: PublicProgramme, q: ProgrammeQuery, lang: Lang, signedIn: boolean): string {
  if (q.q) {
    // A search looks through every day.
    const found = topLevel(p, p.programme.items, q);
    return (
      `<h2>${escapeHtml(t(lang, `${NS}results`, { count: found.length, q: q.q }))}</h2>` +
      listHtml(p, found, q, lang, signedIn, true)
    );
  }
  if (q.view === 'session') {
    const groups = new Map<number | null, ReleasedItem[]>();
    for (const s of p.programme.sessions) groups.set(s.id, []);
    for (const item of topLevel(p, p.programme.items, q))
      (groups.get(item.sessionId) ?? groups.set(item.sessionId, []).get(item.sessionId)!).push(item);
    return (
      [...groups.entries()]
        .filter(([, items]) => items.length)
        .map(
          ([id, items]) =>
            `<section class="pg-group"><h2>${escapeHtml(id !== null && p.sessions.has(id) ? pick(p.sessions.get(id)!.title, lang) : t(lang, `${NS}otherSession`))}</h2>${listHtml(p, items, q, lang, signedIn, true)}</section>`,
        )
        .join('') || `<p class="pg-empty">${escapeHtml(t(lang, `${NS}noItems`))}</p>`
    );
  }
  const days = `<nav class="pg-days" aria-label="${escapeHtml(t(lang, `${NS}days`))}">${[...p.byDay.keys()].map((d) => `<a href="${escapeHtml(href(q, { day: d }))}"${current(d === q.day)}>${escapeHtml(dayLabel(d, lang))}</a>`).join('')}</nav>`;
  const items = topLevel(p, p.byDay.get(q.day) ?? [], q);
  const heading = `<h2>${escapeHtml(dayLabel(q.day, lang, true))}</h2>`;
  if (q.view === 'day') return days + heading + listHtml(p, items, q, lang, signedIn);
  const columns: Array<{ name: string; items: ReleasedItem[] }> = [];
  const everyRoom = items.filter((i) => i.roomId === null);
  if (everyRoom.length) columns.push({ name: t(lang, `${NS}allRooms`), items: everyRoom });
  for (const room of p.programme.rooms)
    columns.push({ name: pick(room.name, lang), items: items.filter((i) => i.roomId === room.id) });
  return (
    days +
    heading +
    `<div class="pg-rooms">${columns
      .filter((c) => c.items.length)
      .map(
        (c) =>
          `<section class="pg-room-col"><h3>${escapeHtml(c.name)}</h3>${listHtml(p, c.items, q, lang, signedIn)}</section>`,
      )
      .join('')}</div>`
  );
}

function labels(lang: Lang): string {
  const keys = ['now', 'next', 'mark', 'unmark', 'clash'];
  return escapeHtml(JSON.stringify(Object.fromEntries(keys.map((k) => [k, t(lang, `${NS}${k}`)]))));
}

export function linksHtml(lang: Lang): string {
  return (
    `<nav class="pg-links" aria-label="${escapeHtml(t(lang, `${NS}formats`))}">` +
    `<a href="/programme/agenda">${escapeHtml(t(lang, `${NS}myAgenda`))}</a>` +
    `<a href="/programme.ics">${escapeHtml(t(lang, `${NS}calendar`))}</a>` +
    `<a href="/programme.pdf">${escapeHtml(t(lang, `${NS}pdf`))}</a>` +
    `<a href="/programme/schedule.json">schedule.json</a></nav>`
  );
}

export function releaseLine(p: PublicProgramme, lang: Lang): string {
  const date = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: p.programme.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(p.release.releasedAt);
  return `<p class="pg-release">${escapeHtml(t(lang, `${NS}release`, { number: p.release.number, date }))}</p>`;
}

export function loginInvite(lang: Lang, path: string): string {
  return `<p class="pg-login">${escapeHtml(t(lang, `${NS}signInInvite`))} <a href="/conferencelogin?redirect=${encodeURIComponent(path)}">${escapeHtml(t(lang, `${NS}signIn`))}</a></p>`;
}

export function programmePageHtml(
  p: PublicProgramme,
  q: ProgrammeQuery,
  lang: Lang,
  signedIn: boolean,
  path: string,
): string {
  const views = (['day', 'room', 'session'] as const)
    .map(
      (v) =>
        `<a href="${escapeHtml(href(q, { view: v }))}"${current(!q.q && q.view === v)}>${escapeHtml(t(lang, `${NS}views.${v}`))}</a>`,
    )
    .join('');
  return (
    `<div class="app-page programme" data-programme${signedIn ? ' data-signed-in' : ''} data-labels="${labels(lang)}"><style>${PROGRAMME_CSS}</style>` +
    `<h1>${escapeHtml(t(lang, `${NS}title`))}</h1>` +
    releaseLine(p, lang) +
    linksHtml(lang) +
    (signedIn ? '' : loginInvite(lang, path)) +
    `<nav class="pg-views" aria-label="${escapeHtml(t(lang, `${NS}viewsLabel`))}">${views}</nav>` +
    filterForm(p, q, lang) +
    `<section class="pg-now" aria-live="polite" hidden></section>` +
    bodyOf(p, q, lang, signedIn) +
    `<script>${PROGRAMME_SCRIPT}</script></div>`
  );
}

/** Before the first release: said plainly, in the site's page, not a 404. */
export function notPublishedHtml(lang: Lang): string {
  return (
    `<div class="app-page programme"><style>${PROGRAMME_CSS}</style><h1>${escapeHtml(t(lang, `${NS}title`))}</h1>` +
    `<p class="pg-empty" role="status">${escapeHtml(t(lang, `${NS}notPublished`))}</p><p class="pg-empty">${escapeHtml(t(lang, `${NS}notPublishedHint`))}</p></div>`
  );
}
