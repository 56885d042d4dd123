/** Shapes of the sites module, shared by its service, composer and presenters. */
import type { Lang, LanguageType } from '../../contract/enums';

export type Bilingual = { zh: string; en: string };

export type WebsiteConfig = {
  conferenceName: Bilingual;
  firstTitle: Bilingual;
  secondTitle: Bilingual;
  thirdTitle: Bilingual;
  shortTitle: Bilingual;
  department: Bilingual;
  city: Bilingual;
  venue: Bilingual;
  registerLabel: Bilingual;
  languageType: LanguageType;
  banner: string;
  coverImageUrl: string;
  websiteRecordNumber: string;
  exteriorId: number | null;
  templateZhHomePageId: number | null;
  templateEnHomePageId: number | null;
  disciplineId: number | null;
  startDate: string | null;
  endDate: string | null;
  contacts: string;
  feedbackTypes: string[];
  contentVersion: number;
};

export type ConferenceInfo = {
  id: number;
  slug: string;
  status: string;
  registerFlag: boolean;
  registerNum: number;
  timeZone: string;
};

/** Everything about a conference that every request needs; cached per conference. */
export type SiteSnapshot = {
  conference: ConferenceInfo;
  config: WebsiteConfig;
  modules: Record<string, boolean>;
  primaryDomain: string | null;
};

export type PageRow = {
  id: number;
  conference_id: number;
  exterior_id: number | null;
  type: 'PAGE' | 'TEMPLATE';
  template_kind: 'page' | 'common' | null;
  name: string;
  lang: Lang | null;
  html: string;
  css: string | null;
  css_path: string | null;
  template_id: number | null;
  is_mobile: number | boolean;
  related_mobile_page_id: number | null;
  default_for: string | null;
  need_to_login: number | boolean;
};

export type MenuRow = {
  id: number;
  parent_id: number | null;
  title: string;
  icon: string;
  sort: number;
  new_window: number | boolean;
  page_id: number | null;
  href: string | null;
  published: number | boolean;
};

export type MenuNode = {
  id: number;
  title: string;
  href: string;
  newWindow: boolean;
  icon: string;
  pageId: number | null;
  children: MenuNode[];
};

/** One level of the nesting: a common template, a page template or the page itself. */
export type Layer = { html: string; css: string | null; cssPath: string | null };

export type PageChain = { page: PageRow; template: PageRow | null; common: PageRow | null };
