/**
 * Limits of the website configuration and appearance screens (spec 1, 3 "Website config",
 * 5 "Appearance"), shared by the server's schemas and the islands' form rules. No Node imports.
 */

/** Maximum length, in characters, of each field; bilingual fields apply it to both languages. */
export const SITE_LIMITS = {
  firstTitle: 300,
  secondTitle: 300,
  thirdTitle: 300,
  shortTitle: 100,
  department: 300,
  city: 100,
  venue: 300,
  registerLabel: 20,
  contacts: 2000,
  websiteRecordNumber: 100,
  feedbackTypes: 20,
  feedbackType: 50,
  domain: 253,
  exteriorName: 20,
} as const;

export const BILINGUAL_FIELDS = ['firstTitle', 'secondTitle', 'thirdTitle', 'shortTitle', 'department', 'city', 'venue', 'registerLabel'] as const;
export type BilingualField = (typeof BILINGUAL_FIELDS)[number];

/** Fields that must be filled in every language the site uses. */
export const REQUIRED_BILINGUAL: readonly BilingualField[] = ['firstTitle', 'shortTitle'];

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Characters as people count them (a CJK character or an emoji is one), as MySQL's VARCHAR does. */
export function charLength(value: string): number {
  return Array.from(value).length;
}

/**
 * A host name a browser can send: ASCII labels of letters, digits and inner hyphens, at least two
 * labels, a last label that is not all digits (no IP addresses). Unicode names are converted to
 * their ASCII (punycode) form before this check.
 */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > SITE_LIMITS.domain) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}

export type Pair = { zh: string; en: string };

/** The editable website configuration, as the find call answers and the save call takes it. */
export type WebsiteConfigInput = {
  firstTitle: Pair;
  secondTitle: Pair;
  thirdTitle: Pair;
  shortTitle: Pair;
  department: Pair;
  city: Pair;
  venue: Pair;
  registerLabel: Pair;
  banner: string;
  coverImageUrl: string;
  disciplineId: number | null;
  startDate: string | null;
  endDate: string | null;
  languageType: '1' | '2' | '3';
  contacts: string;
  websiteRecordNumber: string;
  templateZhHomePageId: number | null;
  templateEnHomePageId: number | null;
  feedbackTypes: string[];
};

export type DomainItem = { id: number; domain: string; primary: boolean; current: boolean };
export type PageOption = { id: number; name: string };

export type WebsiteConfigView = {
  config: WebsiteConfigInput;
  domains: DomainItem[];
  homePages: { zh: PageOption[]; en: PageOption[] };
  /** The banner shown when none is set: the template's data-default-url, else the platform's default. */
  bannerFallback: string;
};

export type ExteriorItem = { id: number; name: string; thumbnail: string; inUse: boolean; templates: number; pages: number };
export type ExteriorDetail = ExteriorItem & { templateList: Array<{ id: number; name: string; kind: 'page' | 'common' | null; isMobile: boolean }> };
