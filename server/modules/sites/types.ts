/** Shapes of the sites module, shared by its service, composer and presenters. */
import type { Lang } from '../../contract/enums';

export type { Bilingual, WebsiteConfig, ConferenceInfo, SiteSnapshot } from '../../platform/site';

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
  /** the same page in the other language (pages service keeps the pair symmetric) */
  counterpart_page_id?: number | null;
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

export type { MenuNode } from '../../contract/sites';

/** One level of the nesting: a common template, a page template or the page itself. */
export type Layer = { html: string; css: string | null; cssPath: string | null };

export type PageChain = { page: PageRow; template: PageRow | null; common: PageRow | null };
