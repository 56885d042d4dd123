/**
 * What search engines and link previews read from the programme's pages: JSON-LD (schema.org
 * `Event` with each shown item as a `subEvent`, each with its `location` and `performer`s) and
 * Open Graph tags, put in the page's <head>.
 */
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { escapeHtml, jsonForHtml } from '../../platform/html';
import { pick, type PublicProgramme } from './publicData';
import { peopleOf, roomLabel } from './publicFormat';

export type SeoContext = { p: PublicProgramme; lang: Lang; origin: string; conferenceName: string; venue: string };

function place(ctx: SeoContext, item?: ReleasedItem): Record<string, unknown> {
  const room = item ? roomLabel(ctx.p, item, ctx.lang) : '';
  return { '@type': 'Place', name: [room, ctx.venue || ctx.conferenceName].filter(Boolean).join(', ') };
}

export function itemEvent(ctx: SeoContext, item: ReleasedItem): Record<string, unknown> {
  const description = item.paper?.abstract || pick(item.description, ctx.lang);
  return {
    '@type': 'Event',
    name: pick(item.title, ctx.lang),
    startDate: item.start,
    endDate: item.end,
    url: `${ctx.origin}/programme/${item.uid}`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(ctx, item),
    ...(description ? { description: description.slice(0, 500) } : {}),
    performer: peopleOf(item).map((person) => ({
      '@type': 'Person',
      name: person.name,
      ...(person.unit ? { affiliation: { '@type': 'Organization', name: person.unit } } : {}),
    })),
  };
}

/** The conference as an Event whose subEvents are these items. */
export function programmeJsonLd(ctx: SeoContext, items: ReleasedItem[]): Record<string, unknown> {
  const all = ctx.p.programme.items;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: ctx.conferenceName,
    url: `${ctx.origin}/programme`,
    startDate: all[0]?.start,
    endDate: all.reduce((end, i) => (i.end > end ? i.end : end), all[0]?.end ?? ''),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(ctx),
    subEvent: items.map((i) => itemEvent(ctx, i)),
  };
}

export function talkJsonLd(ctx: SeoContext, item: ReleasedItem): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    ...itemEvent(ctx, item),
    superEvent: { '@type': 'Event', name: ctx.conferenceName, url: `${ctx.origin}/programme` },
  };
}

/** The <head> additions: the JSON-LD, Open Graph, a description, and the alternate formats. */
export function headHtml(o: {
  jsonLd: unknown;
  title: string;
  description: string;
  url: string;
  type: 'website' | 'article';
  siteName: string;
  lang: Lang;
}): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return (
    `<script type="application/ld+json">${jsonForHtml(o.jsonLd)}</script>` +
    meta('og:title', o.title) +
    meta('og:type', o.type) +
    meta('og:url', o.url) +
    meta('og:site_name', o.siteName) +
    meta('og:locale', o.lang === 'zh' ? 'zh_CN' : 'en_GB') +
    (o.description
      ? meta('og:description', o.description) + `<meta name="description" content="${escapeHtml(o.description)}">`
      : '') +
    `<link rel="alternate" type="text/calendar" href="/programme.ics">` +
    `<link rel="alternate" type="application/json" href="/programme/schedule.json">`
  );
}
