/**
 * The site a new conference starts with: the built-in `classic` appearance, a home, about and
 * contact page in zh and en from templates/starter (the conference's names filled in), and a
 * zh and an en menu pointing at them. Everything else is left for the managers to write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONFERENCE_STATUS, type Lang } from '../../contract/enums';
import { escapeHtml } from '../../platform/html';
import { loadExterior, type SiteSpec } from '../sites/index';

const PAGES: Array<{ key: string; template: string; name: Record<Lang, string> }> = [
  { key: 'home', template: 'home', name: { zh: '首页', en: 'Home' } },
  { key: 'about', template: 'page', name: { zh: '会议简介', en: 'About' } },
  { key: 'contact', template: 'page', name: { zh: '联系我们', en: 'Contact' } },
];

export type StarterInput = {
  slug: string;
  domain: string;
  names: Record<Lang, string>;
  shortTitle: string;
  languageType: '1' | '2' | '3';
};

function fill(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key]) : whole));
}

export function starterSite(templatesDir: string, input: StarterInput): SiteSpec {
  const pages: SiteSpec['pages'] = [];
  for (const page of PAGES) {
    for (const lang of ['zh', 'en'] as const) {
      const html = fs.readFileSync(path.join(templatesDir, 'starter', `${page.key}.${lang}.html`), 'utf8');
      const values = { name: input.names[lang], shortName: input.shortTitle || input.names[lang] };
      pages.push({ key: page.key, lang, name: page.name[lang], template: page.template, html: fill(html, values) });
    }
  }
  const menu = (lang: Lang) => PAGES.map((p) => ({ title: p.name[lang], page: p.key }));
  const shortTitle = { zh: input.shortTitle, en: input.shortTitle };
  return {
    slug: input.slug,
    domains: [input.domain],
    status: CONFERENCE_STATUS.draft,
    languageType: input.languageType,
    registerFlag: false,
    modules: { register: true },
    config: { conferenceName: input.names, firstTitle: input.names, shortTitle },
    exterior: loadExterior(templatesDir, 'classic'),
    pages,
    homePage: 'home',
    menu: { zh: menu('zh'), en: menu('en') },
  };
}
