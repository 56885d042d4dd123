/** Reads the built-in demo conferences from templates/demo (their exteriors: sites/exteriorFiles.ts). */
import fs from 'node:fs';
import path from 'node:path';
import type { Lang } from '../contract/enums';
import type { MenuSpec, SiteSpec } from '../modules/sites/provision';
import { loadExterior, readIfExists as read } from '../modules/sites/exteriorFiles';
import type { Bilingual } from '../platform/site';

/** site.json: the website config fields of a SiteSpec, plus the exterior, pages and menus. */
type SiteJson = Omit<SiteSpec['config'], 'feedbackTypes' | 'coverImageUrl'> & {
  exterior: string;
  pages: Array<{ key: string; name: Bilingual; template: string; needToLogin?: boolean }>;
  menu: Record<Lang, MenuSpec[]>;
};

export function loadDemoSite(templatesDir: string, slug: string, domains: string[]): SiteSpec {
  const dir = path.join(templatesDir, 'demo', slug);
  const {
    exterior,
    pages: pageList,
    menu,
    ...config
  } = JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8')) as SiteJson;
  const pages: SiteSpec['pages'] = [];
  for (const page of pageList) {
    for (const lang of ['zh', 'en'] as const) {
      pages.push({
        key: page.key,
        lang,
        name: page.name[lang],
        template: page.template,
        needToLogin: page.needToLogin,
        html: fs.readFileSync(path.join(dir, 'pages', `${page.key}.${lang}.html`), 'utf8'),
        mobileHtml: read(path.join(dir, 'pages', `${page.key}.mobile.${lang}.html`)),
      });
    }
  }
  return {
    slug,
    domains,
    status: '4',
    languageType: '3',
    registerFlag: true,
    registerNum: 500,
    modules: { register: true },
    config: {
      ...config,
      feedbackTypes: [
        { zh: '会务咨询', en: 'Registration' },
        { zh: '论文投稿', en: 'Submission' },
        { zh: '住宿交通', en: 'Travel' },
        { zh: '其他', en: 'Other' },
      ],
    },
    exterior: loadExterior(templatesDir, exterior),
    pages,
    homePage: 'home',
    menu,
  };
}
