/**
 * What search engines and link previews read in the <head> of a public page (issue 18): a meta
 * description, the canonical address, hreflang alternates, Open Graph tags and a schema.org Event.
 *
 * Addresses. A page belongs to one language (pages.lang), so its own address `/page/:id` is the
 * address of that language's version, and its tags speak that language (pageLanguage), whatever
 * the `locale` cookie makes of the frame around it. `/` is the one address whose language depends
 * on the visitor; crawlers send no cookie, so `/` is the home page in the language a new visitor
 * gets, and the other language's home page is its `/page/:id`. The home pages are counterparts of
 * each other; an inner page has one when a manager (or the built-in site) paired it with a page of
 * the other language, and then both carry hreflang alternates; an unpaired page gets none (pointing
 * it at the other home page would claim a translation that is not one). See docs/templates.md.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { LANGUAGE_TYPE, type Lang } from '../../contract/enums';
import { jsonForHtml } from '../../platform/html';
import { resolveLang } from '../../platform/locale';
import { conferenceOrigin, publicOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { textIn } from '../../contract/bilingual';
import { absoluteUrl } from './presenter';
import { isPublished } from './service';
import type { PageChain, PageRow, SiteSnapshot } from './types';

const DESCRIPTION_LENGTH = 160;
/**
 * Shorter paragraphs (a kicker such as "欢迎辞", a date and place line) say too little to describe
 * a page. Counted in columns, a CJK character as two, so one rule fits both languages.
 */
const MEANINGFUL_PARAGRAPH = 80;

const HREFLANG: Record<Lang, string> = { zh: 'zh', en: 'en' };
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };
const OG_LOCALE: Record<Lang, string> = { zh: 'zh_CN', en: 'en_US' };

function bilingual(site: SiteSnapshot): boolean {
  return site.config.languageType === LANGUAGE_TYPE.bilingual;
}

/** The language of a page's text: its own on a bilingual site, else the one the site is shown in. */
export function pageLanguage(site: SiteSnapshot, page: Pick<PageRow, 'lang'>, requestLang: Lang): Lang {
  return bilingual(site) && (page.lang === 'zh' || page.lang === 'en') ? page.lang : requestLang;
}

/** The outside address of the conference: its primary domain, else the host asked for. */
export function siteOrigin(config: PublicUrlConfig, site: SiteSnapshot, requestHost: string): string {
  return conferenceOrigin(config, site) || publicOrigin(config, requestHost);
}

/** The languages the site is shown in. */
export function siteLanguages(site: SiteSnapshot): Lang[] {
  if (site.config.languageType === LANGUAGE_TYPE.zhOnly) return ['zh'];
  if (site.config.languageType === LANGUAGE_TYPE.enOnly) return ['en'];
  return ['zh', 'en'];
}

function homePageIdOf(site: SiteSnapshot, lang: Lang): number | null {
  return lang === 'en' ? site.config.templateEnHomePageId : site.config.templateZhHomePageId;
}

/** The address of a language's home page: `/` for the language a cookie-less visitor gets there. */
export function homePath(site: SiteSnapshot, lang: Lang): string | null {
  const id = homePageIdOf(site, lang);
  if (!id) return null;
  return resolveLang(undefined, site.config.languageType) === lang ? '/' : `/page/${id}`;
}

/** The one address of a page in a language (the home page's is its home address). */
export function pagePath(site: SiteSnapshot, pageId: number, lang: Lang): string {
  return homePageIdOf(site, lang) === pageId ? (homePath(site, lang) ?? `/page/${pageId}`) : `/page/${pageId}`;
}

/**
 * A page and its counterpart (pages.counterpart_page_id, set by the managers or by provisioning):
 * each language's address, or nothing when the page has none or the site is not bilingual.
 */
export function languageVersions(
  site: SiteSnapshot,
  page: Pick<PageRow, 'lang' | 'counterpart_page_id'>,
  pageId: number,
): Partial<Record<Lang, string>> {
  if (!bilingual(site) || (page.lang !== 'zh' && page.lang !== 'en')) return {};
  const other: Lang = page.lang === 'zh' ? 'en' : 'zh';
  const isHome = homePageIdOf(site, page.lang) === pageId;
  const counterpart = isHome ? homePageIdOf(site, other) : (page.counterpart_page_id ?? null);
  if (!counterpart) return {};
  return { [page.lang]: pagePath(site, pageId, page.lang), [other]: pagePath(site, counterpart, other) };
}

/** A page and its counterpart in the other language, when it has one. */
function pageAlternates(
  site: SiteSnapshot,
  page: PageRow,
  pageId: number,
  origin: string,
): Array<{ hreflang: string; href: string }> {
  const versions = languageVersions(site, page, pageId);
  if (!versions.zh || !versions.en) return [];
  return [
    { hreflang: HREFLANG.zh, href: origin + versions.zh },
    { hreflang: HREFLANG.en, href: origin + versions.en },
  ];
}

/** Both home pages, when the site has both. */
function homeAlternates(site: SiteSnapshot, origin: string): Array<{ hreflang: string; href: string }> {
  if (!bilingual(site)) return [];
  const zh = homePath(site, 'zh');
  const en = homePath(site, 'en');
  if (!zh || !en) return [];
  return [
    { hreflang: HREFLANG.zh, href: origin + zh },
    { hreflang: HREFLANG.en, href: origin + en },
    // `/` is what a visitor with no language chosen gets.
    { hreflang: 'x-default', href: `${origin}/` },
  ];
}

function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word when the text has words, with an ellipsis. */
export function clip(value: string, max = DESCRIPTION_LENGTH): string {
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space > cut.length * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:!?，。；：、！？]+$/u, '')}…`;
}

function columns(value: string): number {
  let width = 0;
  for (const ch of value) width += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return width;
}

/**
 * The page's own description (a <meta name="description"> in its HTML), else its first paragraph
 * of some length (MEANINGFUL_PARAGRAPH); '' when it has neither.
 */
export function describePage(html: string): string {
  const $ = cheerio.load(html);
  const own = collapse($('meta[name="description" i]').first().attr('content') ?? '');
  if (own) return clip(own);
  $('br').replaceWith(' ');
  const paragraphs = $('p')
    .toArray()
    .map((p) => collapse($(p).text()))
    .filter(Boolean);
  const first = paragraphs.find((p) => columns(p) >= MEANINGFUL_PARAGRAPH) ?? '';
  return first ? clip(first) : '';
}

/** A YYYY-MM-DD date, or nothing: the Event must not carry a value that is not a date. */
function isoDate(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

function eventJson(
  site: SiteSnapshot,
  lang: Lang,
  url: string,
  description: string,
  image: string,
): Record<string, unknown> {
  const c = site.config;
  const venue = textIn(c.venue, lang);
  const city = textIn(c.city, lang);
  const organizer = textIn(c.department, lang);
  const event: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: textIn(c.conferenceName, lang) || textIn(c.firstTitle, lang),
    startDate: isoDate(c.startDate),
    endDate: isoDate(c.endDate),
    url,
    inLanguage: HTML_LANG[lang],
    description: description || undefined,
    image: image || undefined,
  };
  if (venue || city) {
    event.location = {
      '@type': 'Place',
      name: venue || city,
      ...(city ? { address: { '@type': 'PostalAddress', addressLocality: city } } : {}),
    };
  }
  if (organizer) event.organizer = { '@type': 'Organization', name: organizer };
  return event;
}

export type SearchTagsInput = {
  site: SiteSnapshot;
  chain: PageChain;
  /** the language the page is shown in (the frame's); the tags take the page's own */
  lang: Lang;
  /** the desktop page asked for (the mobile variant shares its address) */
  pageId: number;
  /** scheme://host[:port] of the conference as the outside reaches it */
  origin: string;
};

/** Appends the tags to the document's <head>. Every value goes in escaped: managers write them. */
export function addSearchTags($: CheerioAPI, { site, chain, lang: shownLang, pageId, origin }: SearchTagsInput): void {
  const head = $('head');
  const lang = pageLanguage(site, chain.page, shownLang);
  const add = (tag: string, attrs: Record<string, string>) => {
    const el = $(`<${tag}>`);
    for (const [name, value] of Object.entries(attrs)) el.attr(name, value);
    head.append(el);
  };
  const c = site.config;
  const conferenceName = textIn(c.conferenceName, lang);
  const isHome = homePageIdOf(site, lang) === pageId;
  const hidden = Boolean(chain.page.need_to_login);
  // A login-required page shows visitors only the login prompt: its text is not theirs to read.
  const description =
    (hidden ? '' : describePage(chain.page.html)) || clip(collapse(textIn(c.firstTitle, lang) || conferenceName));
  const canonical = origin + pagePath(site, pageId, lang);
  const image = absoluteUrl(origin, c.coverImageUrl || c.banner);
  const alternates = isHome ? homeAlternates(site, origin) : pageAlternates(site, chain.page, pageId, origin);

  // One description, in <head>: a page's own was read above, a template's would contradict it.
  $('body meta[name="description" i]').remove();
  if (hidden || !isPublished(site)) add('meta', { name: 'robots', content: 'noindex' });
  if (description) add('meta', { name: 'description', content: description });
  add('link', { rel: 'canonical', href: canonical });
  for (const a of alternates) add('link', { rel: 'alternate', hreflang: a.hreflang, href: a.href });
  add('meta', { property: 'og:type', content: 'website' });
  add('meta', { property: 'og:site_name', content: conferenceName });
  const title = isHome || !chain.page.name ? conferenceName : `${chain.page.name} - ${conferenceName}`;
  // Each page its own title (issue 18): tabs, bookmarks and results tell the pages apart.
  if (title) $('title').first().text(title);
  add('meta', { property: 'og:title', content: title });
  if (description) add('meta', { property: 'og:description', content: description });
  add('meta', { property: 'og:url', content: canonical });
  add('meta', { property: 'og:locale', content: OG_LOCALE[lang] });
  if (alternates.length)
    add('meta', { property: 'og:locale:alternate', content: OG_LOCALE[lang === 'zh' ? 'en' : 'zh'] });
  if (image) add('meta', { property: 'og:image', content: image });
  add('meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  const homeUrl = origin + (homePath(site, lang) ?? '/');
  // jsonForHtml writes `<` as \u003c: no value can close the script element.
  head.append(
    `<script type="application/ld+json">${jsonForHtml(eventJson(site, lang, homeUrl, description, image))}</script>`,
  );
}
