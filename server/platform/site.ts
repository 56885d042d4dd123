/**
 * The conference a request is for, as every request sees it (the site snapshot the tenant
 * middleware sets on req.ctx). The sites feature builds and caches it; the platform only reads it.
 */
import type { Lang, LanguageType } from '../contract/enums';
import type { Pair } from '../contract/siteConfig';

/** A text in both languages (the contract's Pair). */
export type Bilingual = Pair;

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

/** A bilingual value in the reader's language, or the other language when that one is empty. */
export function text(value: Bilingual, lang: Lang): string {
  return value[lang] || value[lang === 'zh' ? 'en' : 'zh'];
}
