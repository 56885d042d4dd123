/**
 * The website configuration and appearance screens (spec 1, 3 "Website config", 5 "Appearance"):
 * their limits, input schemas and answers, shared by the server and the islands' form rules. Each
 * rule fails with its own message key in the manageSite namespace and the field's path
 * ('firstTitle.en', 'feedbackTypes.3'); rules that need the database (pages, files, disciplines,
 * domains) live in the services. No Node imports.
 */
import { z } from 'zod';
import { LANGUAGE_TYPE } from './enums';
import { textIn, type Bilingual } from './bilingual';

/** Maximum length, in characters, of each field; bilingual fields apply it to both languages. */
export const SITE_LIMITS = {
  firstTitle: 300,
  secondTitle: 300,
  thirdTitle: 300,
  conferenceName: 300,
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

export const BILINGUAL_FIELDS = [
  'conferenceName',
  'firstTitle',
  'secondTitle',
  'thirdTitle',
  'shortTitle',
  'department',
  'city',
  'venue',
  'registerLabel',
] as const;
export type BilingualField = (typeof BILINGUAL_FIELDS)[number];

/** Fields that must be filled in every language the site uses. */
// The conference's name can be changed here (issue 18: it could not after creation).
export const REQUIRED_BILINGUAL: readonly BilingualField[] = ['conferenceName', 'firstTitle', 'shortTitle'];

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

/** A text in both languages: the contract's Bilingual. */
export type Pair = Bilingual;

const INVALID = 'commonMsg.invalidInput';

/** A trimmed string of at most `max` characters. */
function text(max: number, tooLong: string) {
  return z
    .string({ message: INVALID })
    .transform((v) => v.trim())
    .refine((v) => charLength(v) <= max, { message: tooLong });
}

function pair(field: keyof typeof SITE_LIMITS) {
  const one = text(SITE_LIMITS[field], `manageSite:${field}TooLong`);
  return z.object({ zh: one, en: one }, { message: INVALID });
}

/**
 * A feedback type in both languages (issue 18: one mixed string such as "会务咨询 / Registration"
 * read badly in either). A plain string, as stored before, is taken for both; an empty side takes
 * the other's text.
 */
export type FeedbackType = Pair;

const feedbackTypeItem = z.preprocess(
  (v) => (typeof v === 'string' ? { zh: v, en: v } : v),
  z
    .object(
      {
        zh: text(SITE_LIMITS.feedbackType, 'manageSite:feedbackTypeTooLong'),
        en: text(SITE_LIMITS.feedbackType, 'manageSite:feedbackTypeTooLong'),
      },
      { message: INVALID },
    )
    .refine((v) => v.zh !== '' || v.en !== '', { message: 'manageSite:feedbackTypeEmpty' })
    .transform((v) => ({ zh: v.zh || v.en, en: v.en || v.zh })),
);

/** Types as stored: pairs, or the strings of before ("会务咨询 / Registration" split at the slash). */
export function parseFeedbackTypes(stored: unknown): FeedbackType[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item): FeedbackType[] => {
    if (typeof item === 'string') {
      const [zh, en] = item.includes(' / ') ? item.split(' / ', 2).map((x) => x.trim()) : [item, item];
      return item.trim() ? [{ zh: zh || en, en: en || zh }] : [];
    }
    if (item && typeof item === 'object' && typeof item.zh === 'string' && typeof item.en === 'string')
      return [{ zh: item.zh, en: item.en }];
    return [];
  });
}

/** A type in the reader's language. */
export const feedbackTypeIn = (type: FeedbackType, lang: 'zh' | 'en'): string => textIn(type, lang);

/** What a feedback stores as its type: both names, once when they are the same. */
export const feedbackTypeLabel = (type: FeedbackType): string =>
  type.zh === type.en ? type.zh : `${type.zh} / ${type.en}`;

const optionalId = z.union([z.null(), z.number({ message: INVALID }).int(INVALID).positive(INVALID)], {
  message: INVALID,
});

const date = (key: string) =>
  z.union([z.null(), z.string({ message: key }).transform((v) => v.trim())], { message: key }).transform((v, ctx) => {
    if (v === null || v === '') return null;
    if (!isCalendarDate(v)) ctx.addIssue({ code: 'custom', message: key });
    return v;
  });

/** A stored image reference: empty, or a path on this site ('/files/...', '/banner/...'). */
const imagePath = (key: string) =>
  z
    .string({ message: key })
    .transform((v) => v.trim())
    .refine((v) => v === '' || (/^\/[A-Za-z0-9._~\-/]+$/.test(v) && !v.includes('..') && v.length <= 500), {
      message: key,
    });

export const websiteConfigInput = z
  .object({
    conferenceName: pair('conferenceName'),
    firstTitle: pair('firstTitle'),
    secondTitle: pair('secondTitle'),
    thirdTitle: pair('thirdTitle'),
    shortTitle: pair('shortTitle'),
    department: pair('department'),
    city: pair('city'),
    venue: pair('venue'),
    registerLabel: pair('registerLabel'),
    banner: imagePath('manageSite:bannerInvalid'),
    coverImageUrl: imagePath('manageSite:coverInvalid'),
    disciplineId: optionalId,
    startDate: date('manageSite:dateInvalid'),
    endDate: date('manageSite:dateInvalid'),
    languageType: z.enum([LANGUAGE_TYPE.zhOnly, LANGUAGE_TYPE.enOnly, LANGUAGE_TYPE.bilingual], {
      message: 'manageSite:languageTypeInvalid',
    }),
    contacts: z
      .string({ message: INVALID })
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .refine((v) => charLength(v) <= SITE_LIMITS.contacts, { message: 'manageSite:contactsTooLong' }),
    websiteRecordNumber: text(SITE_LIMITS.websiteRecordNumber, 'manageSite:websiteRecordNumberTooLong'),
    templateZhHomePageId: optionalId,
    templateEnHomePageId: optionalId,
    feedbackTypes: z
      .array(feedbackTypeItem, { message: INVALID })
      .max(SITE_LIMITS.feedbackTypes, 'manageSite:feedbackTypesTooMany')
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((item, index) => {
          const names = [...new Set([item.zh, item.en])];
          if (names.some((n) => seen.has(n)))
            ctx.addIssue({ code: 'custom', message: 'manageSite:feedbackTypeDuplicate', path: [index] });
          names.forEach((n) => seen.add(n));
        });
      }),
  })
  .superRefine((v, ctx) => {
    // The languages the site uses need their first and short titles (spec 2.4 fills them in).
    const langs =
      v.languageType === LANGUAGE_TYPE.zhOnly
        ? (['zh'] as const)
        : v.languageType === LANGUAGE_TYPE.enOnly
          ? (['en'] as const)
          : (['zh', 'en'] as const);
    for (const field of REQUIRED_BILINGUAL) {
      for (const lang of langs) {
        if (!v[field][lang])
          ctx.addIssue({
            code: 'custom',
            message: `manageSite:${field}${lang === 'zh' ? 'Zh' : 'En'}Required`,
            path: [field, lang],
          });
      }
    }
    if ((v.startDate === null) !== (v.endDate === null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'manageSite:datesBoth',
        path: [v.startDate === null ? 'startDate' : 'endDate'],
      });
    } else if (v.startDate && v.endDate && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', message: 'manageSite:dateOrder', path: ['endDate'] });
    }
  });

/** The editable website configuration, as the find call answers and the save call keeps it. */
export type WebsiteConfigValues = z.output<typeof websiteConfigInput>;

export const domainInput = z.object({
  domain: z.string({ message: 'manageSite:domainInvalid' }).max(300, 'manageSite:domainInvalid'),
});

const exteriorName = z
  .string({ message: 'manageSite:exteriorNameRequired' })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, { message: 'manageSite:exteriorNameRequired' })
  .refine((v) => charLength(v) <= SITE_LIMITS.exteriorName, { message: 'manageSite:exteriorNameTooLong' });

/**
 * An appearance's name and thumbnail. The thumbnail may be left out (issue 18): the list then draws
 * one from the name; a built-in appearance brings its own.
 */
export const exteriorInput = z.object({
  id: optionalId.optional(),
  name: exteriorName,
  thumbnail: imagePath('manageSite:thumbnailInvalid').default(''),
});

/** The appearances shipped with the platform (templates/exteriors/<key>), to start a new one from. */
export const BUILT_IN_EXTERIORS = ['classic', 'horizon'] as const;
export type BuiltInExteriorKey = (typeof BUILT_IN_EXTERIORS)[number];
export type BuiltInExterior = { key: BuiltInExteriorKey; name: string; nameZh: string; thumbnail: string };

export const builtInExteriorInput = z.object({
  key: z.enum(BUILT_IN_EXTERIORS, { message: 'manageSite:builtInInvalid' }),
  name: exteriorName,
});

export const copyInput = z.object({ name: exteriorName });

export type DomainItem = { id: number; domain: string; primary: boolean; current: boolean };
export type PageOption = { id: number; name: string };

export type WebsiteConfigView = {
  config: WebsiteConfigValues;
  domains: DomainItem[];
  homePages: { zh: PageOption[]; en: PageOption[] };
  /** The banner shown when none is set: the template's data-default-url, else the platform's default. */
  bannerFallback: string;
};

export type ExteriorItem = {
  id: number;
  name: string;
  thumbnail: string;
  inUse: boolean;
  templates: number;
  pages: number;
};
export type ExteriorDetail = ExteriorItem & {
  templateList: Array<{ id: number; name: string; kind: 'page' | 'common' | null; isMobile: boolean }>;
};

/** A discipline of the picker, with its sub-disciplines, named in the reader's language. */
export type DisciplineNode = { id: number; code: string; name: string; children: DisciplineNode[] };
