/**
 * The sites feature's tables (migrations 002, 005, 008, 031, 049), typed for knex
 * (`db('pages')` yields a `StoredPageRow`) as the database holds them: instants as the dialect's
 * UTC text, booleans 0/1 on SQLite, JSON as text. The page and template editor
 * (server/modules/pages) is part of this feature and reads `pages` and `page_versions` too.
 */
import type { Lang } from '../../contract/enums';
import type { DomainRow, ExteriorRow } from './config/repo';
import type { MenuRow, PageRow } from './types';

/** The conference record: its state, registration switches, time zone and address. */
export type ConferenceRow = {
  id: number;
  status: string;
  register_flag: number | boolean;
  register_num: number;
  time_zone: string;
  slug: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  maintenance: number | boolean;
};

/** Whether a feature (module) is switched on for a conference. */
export type ConferenceModuleRow = { conference_id: number; module: string; enabled: number | boolean };

/** The website configuration of a conference: its names and titles in both languages, and its look. */
export type WebsiteConfigRow = {
  conference_id: number;
  conference_name_zh: string;
  conference_name_en: string;
  first_title_zh: string;
  first_title_en: string;
  second_title_zh: string;
  second_title_en: string;
  third_title_zh: string;
  third_title_en: string;
  short_title_zh: string;
  short_title_en: string;
  department_zh: string;
  department_en: string;
  city_zh: string;
  city_en: string;
  venue_zh: string;
  venue_en: string;
  register_label_zh: string;
  register_label_en: string;
  language_type: string;
  banner: string;
  cover_image_url: string;
  website_record_number: string;
  exterior_id: number | null;
  template_zh_home_page_id: number | null;
  template_en_home_page_id: number | null;
  discipline_id: number | null;
  start_date: string | null;
  end_date: string | null;
  contacts: string | null;
  feedback_types: string | null;
  content_version: number;
  updated_at: string;
};

/** A page or template with who changed it last and when. */
export type StoredPageRow = PageRow & {
  counterpart_page_id: number | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
};

/** A saved version of a page (the editor's history). */
export type PageVersionRow = {
  id: number;
  conference_id: number;
  page_id: number;
  version: number;
  name: string;
  html: string;
  css: string | null;
  css_path: string | null;
  created_by: number | null;
  created_at: string;
};

/** One entry of the platform's discipline tree (not per conference). */
export type DisciplineRow = {
  id: number;
  parent_id: number | null;
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
};

declare module 'knex/types/tables' {
  interface Tables {
    conferences: ConferenceRow;
    conference_modules: ConferenceModuleRow;
    conference_domains: DomainRow;
    website_configs: WebsiteConfigRow;
    exteriors: ExteriorRow & { created_at: string; updated_at: string };
    pages: StoredPageRow;
    page_versions: PageVersionRow;
    menus: MenuRow & { conference_id: number; lang: Lang };
    disciplines: DisciplineRow;
  }
}
