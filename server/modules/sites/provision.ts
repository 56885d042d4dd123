/**
 * Creates a whole conference website in one transaction: conference, domains, config, an
 * exterior with its templates, pages (with mobile variants) and the zh/en menus. Used by the
 * demo seed and the tests; conference creation in the management area builds on it.
 */
import type { Db, Tx } from '../../db/index';
import {
  insertConference,
  insertDomain,
  insertExterior,
  insertMenuItem,
  insertModuleSwitch,
  insertSitePage,
  insertWebsiteConfig,
  setCounterpart,
} from './provisionRepo';
import type { Lang } from '../../contract/enums';
import type { Bilingual } from './types';
import { parseFeedbackTypes, type FeedbackType } from '../../contract/siteConfig';

export type TemplateSpec = { html: string; css?: string };
export type MenuSpec = {
  title: string;
  page?: string;
  href?: string;
  icon?: string;
  newWindow?: boolean;
  published?: boolean;
  children?: MenuSpec[];
};

export type SiteSpec = {
  slug: string;
  domains: string[];
  status: string;
  /** the account that created the conference (none for the demo seed) */
  createdBy?: number;
  languageType: '1' | '2' | '3';
  registerFlag?: boolean;
  registerNum?: number;
  modules?: Record<string, boolean>;
  config: {
    conferenceName: Bilingual;
    firstTitle: Bilingual;
    secondTitle?: Bilingual;
    thirdTitle?: Bilingual;
    shortTitle: Bilingual;
    department?: Bilingual;
    city?: Bilingual;
    venue?: Bilingual;
    startDate?: string;
    endDate?: string;
    contacts?: string;
    websiteRecordNumber?: string;
    banner?: string;
    coverImageUrl?: string;
    feedbackTypes?: Array<string | FeedbackType>;
  };
  exterior: {
    name: string;
    thumbnail?: string;
    /** keyed by template name; `common` and `mobileCommon` are common templates */
    templates: Record<string, TemplateSpec>;
  };
  pages: Array<{
    key: string;
    lang: Lang;
    name: string;
    template: string;
    html: string;
    mobileHtml?: string;
    needToLogin?: boolean;
  }>;
  homePage: string;
  menu: Record<Lang, MenuSpec[]>;
};

function pair(prefix: string, value: Bilingual | undefined) {
  return { [`${prefix}_zh`]: value?.zh ?? '', [`${prefix}_en`]: value?.en ?? '' };
}

/**
 * An appearance's templates, common ones first so page templates can point at them. `defaults`:
 * the page templates become the device defaults (a new site); an appearance added to a site that
 * has its defaults takes none (each device has one default page template).
 */
export async function insertTemplates(
  tx: Tx,
  conferenceId: number,
  exteriorId: number,
  templates: SiteSpec['exterior']['templates'],
  defaults = true,
) {
  const ids: Record<string, number> = {};
  // Common templates first, so page templates can point at them.
  const names = Object.keys(templates).sort((a, b) => Number(!/common$/i.test(a)) - Number(!/common$/i.test(b)));
  for (const name of names) {
    const isCommon = /common$/i.test(name);
    const commonName = isCommon ? null : name.startsWith('mobile') ? 'mobileCommon' : 'common';
    ids[name] = await insertSitePage(tx, conferenceId, {
      exterior_id: exteriorId,
      type: 'TEMPLATE',
      template_kind: isCommon ? 'common' : 'page',
      name,
      html: templates[name].html,
      css: templates[name].css ?? null,
      template_id: commonName ? (ids[commonName] ?? null) : null,
      is_mobile: name.startsWith('mobile'),
      default_for: !defaults ? null : name === 'page' ? 'pc' : name === 'mobilePage' ? 'mobile' : null,
    });
  }
  return ids;
}

async function insertMenu(
  tx: Tx,
  conferenceId: number,
  lang: Lang,
  items: MenuSpec[],
  pageIds: Map<string, number>,
  parentId: number | null,
) {
  for (const [index, item] of items.entries()) {
    const id = await insertMenuItem(tx, conferenceId, lang, {
      parentId,
      title: item.title,
      icon: item.icon ?? '',
      sort: index,
      newWindow: Boolean(item.newWindow),
      pageId: item.page ? (pageIds.get(`${item.page}:${lang}`) ?? null) : null,
      href: item.href ?? null,
      published: item.published ?? true,
    });
    if (item.children?.length) await insertMenu(tx, conferenceId, lang, item.children, pageIds, id);
  }
}

export async function provisionSite(db: Db, spec: SiteSpec): Promise<number> {
  return db.transaction(async (tx) => {
    const conferenceId = await insertConference(tx, {
      slug: spec.slug,
      status: spec.status,
      registerFlag: spec.registerFlag ?? false,
      registerNum: spec.registerNum ?? 0,
      createdBy: spec.createdBy ?? null,
    });
    for (const [index, domain] of spec.domains.entries())
      await insertDomain(tx, conferenceId, domain.toLowerCase(), index === 0);
    for (const [module, enabled] of Object.entries(spec.modules ?? { register: true }))
      await insertModuleSwitch(tx, conferenceId, module, enabled);
    const exteriorId = await insertExterior(tx, conferenceId, spec.exterior.name, spec.exterior.thumbnail ?? '');
    const templateIds = await insertTemplates(tx, conferenceId, exteriorId, spec.exterior.templates);
    // Every page gets a phone variant in the mobile page template when the exterior has one.
    const mobileTemplateId = templateIds.mobilePage ?? null;

    const pageIds = new Map<string, number>();
    for (const page of spec.pages) {
      const base = {
        exterior_id: exteriorId,
        type: 'PAGE',
        name: page.name,
        lang: page.lang,
        need_to_login: Boolean(page.needToLogin),
      };
      const mobileId = mobileTemplateId
        ? await insertSitePage(tx, conferenceId, {
            ...base,
            html: page.mobileHtml ?? page.html,
            template_id: mobileTemplateId,
            is_mobile: true,
          })
        : null;
      const id = await insertSitePage(tx, conferenceId, {
        ...base,
        html: page.html,
        template_id: templateIds[page.template] ?? null,
        related_mobile_page_id: mobileId,
      });
      pageIds.set(`${page.key}:${page.lang}`, id);
    }
    // The same key in both languages: each is the other's counterpart (the language switch, hreflang).
    for (const page of spec.pages) {
      const other = pageIds.get(`${page.key}:${page.lang === 'zh' ? 'en' : 'zh'}`);
      if (other) await setCounterpart(tx, conferenceId, pageIds.get(`${page.key}:${page.lang}`)!, other);
    }

    const c = spec.config;
    await insertWebsiteConfig(tx, conferenceId, {
      ...pair('conference_name', c.conferenceName),
      ...pair('first_title', c.firstTitle),
      ...pair('second_title', c.secondTitle),
      ...pair('third_title', c.thirdTitle),
      ...pair('short_title', c.shortTitle),
      ...pair('department', c.department),
      ...pair('city', c.city),
      ...pair('venue', c.venue),
      language_type: spec.languageType,
      banner: c.banner ?? '',
      cover_image_url: c.coverImageUrl ?? '',
      website_record_number: c.websiteRecordNumber ?? '',
      exterior_id: exteriorId,
      template_zh_home_page_id: pageIds.get(`${spec.homePage}:zh`) ?? null,
      template_en_home_page_id: pageIds.get(`${spec.homePage}:en`) ?? null,
      start_date: c.startDate ?? null,
      end_date: c.endDate ?? null,
      contacts: c.contacts ?? '',
      feedback_types: JSON.stringify(parseFeedbackTypes(c.feedbackTypes ?? [])),
    });
    for (const lang of ['zh', 'en'] as const)
      await insertMenu(tx, conferenceId, lang, spec.menu[lang] ?? [], pageIds, null);
    return conferenceId;
  });
}
