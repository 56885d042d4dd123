/**
 * The sites API (spec 7): what the public website reads (its config, menu, pages), the managers'
 * website configuration, domains and exteriors, and the menu editor. The schemas live beside
 * their limits in ./siteConfig and ./menus; the views the public calls answer are here. No Node
 * imports: the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { orEmpty } from './validation';
import { LANGS, type Lang, type LanguageType } from './enums';
import {
  menuDeleteInput,
  menuLangQuery,
  menuMoveInput,
  menuPublishInput,
  menuSaveInput,
  type MenuEditNode,
} from './menus';
import {
  builtInExteriorInput,
  copyInput,
  domainInput,
  exteriorInput,
  websiteConfigInput,
  type DisciplineNode,
  type DomainItem,
  type BuiltInExterior,
  type ExteriorDetail,
  type ExteriorItem,
  type WebsiteConfigView,
} from './siteConfig';

/** A published menu item as the public site and the menu-ready hook receive it. */
export type MenuNode = {
  id: number;
  title: string;
  href: string;
  newWindow: boolean;
  icon: string;
  pageId: number | null;
  children: MenuNode[];
};

/** The website config as the spec's clients read it (section 3 "Website config"), in the reader's language. */
export type PublicWebsiteConfig = {
  conferenceId: number;
  conferenceName: string;
  languageType: LanguageType;
  lang: Lang;
  templateZhHomePageId: number | null;
  templateEnHomePageId: number | null;
  banner: string;
  firstTitle: string;
  secondTitle: string;
  thirdTitle: string;
  shortTitle: string;
  websiteRecordNumber: string;
  exteriorId: number | null;
  homePageUrl: string;
  department: string;
  disciplineId: number | null;
  startDate: string | null;
  endDate: string | null;
  city: string;
  venue: string;
  contacts: string;
  feedbackTypes: string[];
  conference: { id: number; status: string; registerFlag: boolean; registerNum: number; coverImageUrl: string };
};

/** One level of a public page's nesting: its template, or the template's common template. */
export type PublicPageLayer = { id: number; name: string; html: string; css: string; cssPath: string };

/** A public page with its template chain (spec 7 page/find). */
export type PublicPage = {
  id: number;
  name: string;
  type: 'PAGE' | 'TEMPLATE';
  lang: Lang | null;
  html: string;
  css: string;
  cssPath: string;
  isMobile: boolean;
  relatedMobilePageId: number | null;
  needToLogin: 0 | 1;
  template: (PublicPageLayer & { template: PublicPageLayer | null }) | null;
};

export type ConferenceByDomain = { conferenceId: number; domain: string; status: string; languageType: LanguageType };

/** Which areas of the conference the caller may use. */
export type ConferenceStatus = {
  allUsers: { conferenceUser: boolean; conferenceManage: boolean; conferenceReview: boolean };
  superAdmin: boolean;
};

const langQuery = z.object({ lang: z.enum(LANGS).optional() });
/** A page of the public site in the path; anything else is 'commonMsg.notFound'. */
export const sitePageParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound')
    .transform(Number),
});
const conferenceParam = z.object({
  conferenceId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound')
    .transform(Number),
});

const WEBSITE = '/conference/platform/config/website';
const EXTERIOR = '/conference/exterior';
const MENU = '/conference/menu/config';

/**
 * Row ids of the website-config and exterior paths have no schema: a bad one is not found (404),
 * as another conference's is, which the route checks itself.
 */
export const sitesApi = {
  // The public website.
  websiteConfig: endpoint<PublicWebsiteConfig & { registerConfigBasic: { costsSet: boolean; registerRule: string } }>()(
    { method: 'GET', path: `${WEBSITE}/findConferenceWebsiteConfig` },
  ),
  conferenceByDomain: endpoint<ConferenceByDomain>()({
    method: 'GET',
    path: `${WEBSITE}/basic/findConferenceByDomain`,
  }),
  modules: endpoint<Record<string, boolean>>()({ method: 'POST', path: '/conference/module/getModuleByConfId' }),
  conferenceStatus: endpoint<ConferenceStatus>()({ method: 'GET', path: '/conference/platform/findConferenceStatus' }),
  disciplines: endpoint<DisciplineNode[]>()({
    method: 'GET',
    path: '/home/conference/getDisciplineList',
    query: langQuery,
  }),
  publishedMenu: endpoint<MenuNode[]>()({ method: 'GET', path: `${MENU}/fixedAndPublish`, query: langQuery }),
  page: endpoint<PublicPage>()({ method: 'GET', path: '/conference/page/find/:id', params: sitePageParam }),
  mobilePage: endpoint<PublicPage>()({
    method: 'GET',
    path: '/conference/page/mobile/find/:id',
    params: sitePageParam,
  }),
  /** 1 when the page is for logged-in users only */
  pageNeedsLogin: endpoint<0 | 1>()({ method: 'GET', path: '/conference/setting/find/:id', params: sitePageParam }),

  // Website configuration and domains (managers; a domain outside SITE_DOMAIN: super admins).
  websiteFind: endpoint<WebsiteConfigView>()({ method: 'GET', path: `${WEBSITE}/find` }),
  websiteSave: endpoint<WebsiteConfigView>()({
    method: 'POST',
    path: `${WEBSITE}/save`,
    body: orEmpty(websiteConfigInput),
  }),
  domainAdd: endpoint<DomainItem[]>()({ method: 'POST', path: `${WEBSITE}/domain/add`, body: orEmpty(domainInput) }),
  adminDomainAdd: endpoint<DomainItem[]>()({
    method: 'POST',
    path: '/platform/admin/conferences/:conferenceId/domain/add',
    params: conferenceParam,
    body: orEmpty(domainInput),
  }),
  domainPrimary: endpoint<DomainItem[]>()({ method: 'POST', path: `${WEBSITE}/domain/primary/:id` }),
  domainDelete: endpoint<DomainItem[]>()({ method: 'DELETE', path: `${WEBSITE}/domain/delete/:id` }),

  // Exteriors (appearances).
  exteriorList: endpoint<ExteriorItem[]>()({ method: 'GET', path: `${EXTERIOR}/list` }),
  exteriorFind: endpoint<ExteriorDetail>()({ method: 'GET', path: `${EXTERIOR}/find/:id` }),
  exteriorSave: endpoint<{ id: number }>()({ method: 'POST', path: `${EXTERIOR}/save`, body: orEmpty(exteriorInput) }),
  exteriorUse: endpoint()({ method: 'POST', path: `${EXTERIOR}/use/:id` }),
  exteriorBuiltIns: endpoint<BuiltInExterior[]>()({ method: 'GET', path: `${EXTERIOR}/builtIn` }),
  exteriorFromBuiltIn: endpoint<{ id: number }>()({
    method: 'POST',
    path: `${EXTERIOR}/builtIn`,
    body: orEmpty(builtInExteriorInput),
  }),
  exteriorCopy: endpoint<{ id: number }>()({ method: 'POST', path: `${EXTERIOR}/copy/:id`, body: orEmpty(copyInput) }),
  exteriorDelete: endpoint()({ method: 'DELETE', path: `${EXTERIOR}/delete/:id` }),

  // The menu editor (docs/site-management/menus.md).
  menuTree: endpoint<MenuEditNode[]>()({ method: 'GET', path: `${MENU}/tree`, query: menuLangQuery }),
  menuSave: endpoint<{ id: number }>()({ method: 'POST', path: `${MENU}/save`, body: orEmpty(menuSaveInput) }),
  menuMove: endpoint<true>()({ method: 'POST', path: `${MENU}/move`, body: orEmpty(menuMoveInput) }),
  menuPublish: endpoint<true>()({ method: 'POST', path: `${MENU}/publish`, body: orEmpty(menuPublishInput) }),
  menuDelete: endpoint<{ deleted: number }>()({
    method: 'POST',
    path: `${MENU}/delete`,
    body: orEmpty(menuDeleteInput),
  }),
};
