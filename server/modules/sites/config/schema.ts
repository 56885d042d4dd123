/**
 * Input schemas of the website configuration and appearance calls. Each rule fails with its own
 * message key in the manageSite namespace and the field's path ('firstTitle.en', 'feedbackTypes.3').
 * Rules that need the database (pages, files, disciplines, domains) live in the services.
 */
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { charLength, isCalendarDate, SITE_LIMITS } from '../../../contract/siteConfig';

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

const optionalId = z.union([z.null(), z.number({ message: INVALID }).int(INVALID).positive(INVALID)], { message: INVALID });

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
    .refine((v) => v === '' || (/^\/[A-Za-z0-9._~\-/]+$/.test(v) && !v.includes('..') && v.length <= 500), { message: key });

export const websiteConfigInput = z
  .object({
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
    languageType: z.enum(['1', '2', '3'], { message: 'manageSite:languageTypeInvalid' }),
    contacts: z
      .string({ message: INVALID })
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .refine((v) => charLength(v) <= SITE_LIMITS.contacts, { message: 'manageSite:contactsTooLong' }),
    websiteRecordNumber: text(SITE_LIMITS.websiteRecordNumber, 'manageSite:websiteRecordNumberTooLong'),
    templateZhHomePageId: optionalId,
    templateEnHomePageId: optionalId,
    feedbackTypes: z
      .array(text(SITE_LIMITS.feedbackType, 'manageSite:feedbackTypeTooLong').refine((v) => v.length > 0, { message: 'manageSite:feedbackTypeEmpty' }), {
        message: INVALID,
      })
      .max(SITE_LIMITS.feedbackTypes, 'manageSite:feedbackTypesTooMany')
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((item, index) => {
          if (seen.has(item)) ctx.addIssue({ code: 'custom', message: 'manageSite:feedbackTypeDuplicate', path: [index] });
          seen.add(item);
        });
      }),
  })
  .superRefine((v, ctx) => {
    // The languages the site uses need their first and short titles (spec 2.4 fills them in).
    const langs = v.languageType === '1' ? (['zh'] as const) : v.languageType === '2' ? (['en'] as const) : (['zh', 'en'] as const);
    for (const field of ['firstTitle', 'shortTitle'] as const) {
      for (const lang of langs) {
        if (!v[field][lang]) ctx.addIssue({ code: 'custom', message: `manageSite:${field}${lang === 'zh' ? 'Zh' : 'En'}Required`, path: [field, lang] });
      }
    }
    if ((v.startDate === null) !== (v.endDate === null)) {
      ctx.addIssue({ code: 'custom', message: 'manageSite:datesBoth', path: [v.startDate === null ? 'startDate' : 'endDate'] });
    } else if (v.startDate && v.endDate && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', message: 'manageSite:dateOrder', path: ['endDate'] });
    }
  });

export type WebsiteConfigValues = z.infer<typeof websiteConfigInput>;

export const domainInput = z.object({ domain: z.string({ message: 'manageSite:domainInvalid' }).max(300, 'manageSite:domainInvalid') });

const exteriorName = z
  .string({ message: 'manageSite:exteriorNameRequired' })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, { message: 'manageSite:exteriorNameRequired' })
  .refine((v) => charLength(v) <= SITE_LIMITS.exteriorName, { message: 'manageSite:exteriorNameTooLong' });

export const exteriorInput = z.object({
  id: optionalId.optional(),
  name: exteriorName,
  thumbnail: z
    .string({ message: 'manageSite:thumbnailRequired' })
    .refine((v) => v.trim().length > 0, { message: 'manageSite:thumbnailRequired' })
    .pipe(imagePath('manageSite:thumbnailInvalid')),
});

export const copyInput = z.object({ name: exteriorName });

/** A row id in the path; anything else is simply not found. */
export function idOf(params: Record<string, unknown>): number {
  const raw = String(params.id ?? '');
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound();
  return Number(raw);
}
