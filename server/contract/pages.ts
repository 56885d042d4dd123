/**
 * Pages and templates in the management area (spec 2.12, 3 "Page / template", 5 "Page"): the
 * input schemas with their message keys, and the shapes the API answers. No Node imports here.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const PAGE_TYPES = ['PAGE', 'TEMPLATE'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const TEMPLATE_KINDS = ['page', 'common'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const DEFAULT_FOR = ['pc', 'mobile', 'both'] as const;
export type DefaultFor = (typeof DEFAULT_FOR)[number];

/** The element a page template must contain for its page, and a common template for its page template. */
export const CONTENT_CONTAINER: Record<TemplateKind, string> = {
  page: 'template-content-container',
  common: 'common-template-content-container',
};

const id = z.coerce
  .number({ message: 'commonMsg.invalidInput' })
  .int('commonMsg.invalidInput')
  .positive('commonMsg.invalidInput')
  .max(4294967295, 'commonMsg.invalidInput');
const optionalId = z
  .union([id, z.null()])
  .optional()
  .transform((v) => v ?? null);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .optional()
  .transform((v) => Boolean(v));

export const pageSaveInput = z.object({
  id: optionalId,
  type: z.enum(PAGE_TYPES, { message: 'managePages:typeInvalid' }),
  templateKind: z
    .enum(TEMPLATE_KINDS, { message: 'managePages:kindInvalid' })
    .nullish()
    .transform((v) => v ?? null),
  name: z
    .string({ message: 'managePages:nameRequired' })
    .trim()
    .min(1, 'managePages:nameRequired')
    .max(100, 'managePages:nameTooLong'),
  exteriorId: z
    .union([id, z.null()], { message: 'managePages:exteriorRequired' })
    .optional()
    .transform((v) => v ?? null),
  lang: z
    .enum(['zh', 'en'], { message: 'managePages:langRequired' })
    .nullish()
    .transform((v) => v ?? null),
  html: z.string({ message: 'commonMsg.invalidInput' }).max(4_000_000, 'managePages:htmlTooLong').default(''),
  css: z
    .string({ message: 'commonMsg.invalidInput' })
    .max(1_000_000, 'managePages:cssTooLong')
    .nullish()
    .transform((v) => v || null),
  cssPath: z
    .string({ message: 'managePages:cssPathInvalid' })
    .max(500, 'managePages:cssPathInvalid')
    .nullish()
    .transform((v) => v || null),
  templateId: optionalId,
  isMobile: flag,
  relatedMobilePageId: optionalId,
  /** the same page in the other language: the language switch goes there, hreflang names it */
  counterpartPageId: optionalId,
  defaultFor: z
    .enum(DEFAULT_FOR, { message: 'managePages:defaultForInvalid' })
    .nullish()
    .transform((v) => v ?? null),
  needToLogin: flag,
});
export type PageSaveInput = z.infer<typeof pageSaveInput>;

export const pageListQuery = z.object({
  type: z.enum(PAGE_TYPES, { message: 'managePages:typeInvalid' }).optional(),
  templateKind: z.enum(TEMPLATE_KINDS, { message: 'managePages:kindInvalid' }).optional(),
  exteriorId: id.optional(),
  lang: z.enum(['zh', 'en'], { message: 'commonMsg.invalidInput' }).optional(),
  isMobile: z
    .enum(['0', '1', 'true', 'false'], { message: 'commonMsg.invalidInput' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  name: z.string().trim().max(100, 'managePages:nameTooLong').optional(),
  page: z.coerce
    .number({ message: 'commonMsg.invalidInput' })
    .int('commonMsg.invalidInput')
    .min(1, 'commonMsg.invalidInput')
    .max(100000, 'commonMsg.invalidInput')
    .default(1),
  size: z.coerce
    .number({ message: 'commonMsg.invalidInput' })
    .int('commonMsg.invalidInput')
    .min(1, 'commonMsg.invalidInput')
    .max(100, 'commonMsg.invalidInput')
    .default(20),
});
export type PageListQuery = Omit<z.infer<typeof pageListQuery>, 'isMobile'> & { isMobile?: boolean };

export const previewInput = z.object({
  type: z.enum(PAGE_TYPES, { message: 'managePages:typeInvalid' }),
  templateKind: z
    .enum(TEMPLATE_KINDS, { message: 'managePages:kindInvalid' })
    .nullish()
    .transform((v) => v ?? null),
  name: z.string().max(100, 'managePages:nameTooLong').optional().default(''),
  lang: z
    .enum(['zh', 'en'], { message: 'commonMsg.invalidInput' })
    .nullish()
    .transform((v) => v ?? null),
  html: z.string({ message: 'commonMsg.invalidInput' }).max(4_000_000, 'managePages:htmlTooLong').default(''),
  css: z
    .string()
    .max(1_000_000, 'managePages:cssTooLong')
    .nullish()
    .transform((v) => v || null),
  cssPath: z
    .string()
    .max(500, 'managePages:cssPathInvalid')
    .nullish()
    .transform((v) => v || null),
  templateId: optionalId,
  /** the page being edited, so the menu marks its item */
  id: optionalId,
});
export type PreviewInput = z.infer<typeof previewInput>;

export const needToLoginInput = z.object({
  data: z.object({
    pageId: id,
    needToLogin: z
      .union([z.literal(0), z.literal(1), z.boolean()], { message: 'commonMsg.invalidInput' })
      .transform((v) => Boolean(v)),
  }),
});

/** A row of the page list: everything but the content. */
export type PageListItem = {
  id: number;
  type: PageType;
  templateKind: TemplateKind | null;
  name: string;
  lang: 'zh' | 'en' | null;
  exteriorId: number | null;
  exteriorName: string;
  templateId: number | null;
  templateName: string;
  isMobile: boolean;
  relatedMobilePageId: number | null;
  counterpartPageId: number | null;
  defaultFor: DefaultFor | null;
  needToLogin: 0 | 1;
  /** ISO 8601, UTC */
  updatedAt: string;
};

export type PageDetail = PageListItem & { html: string; css: string; cssPath: string };

export type PageOption = {
  id: number;
  name: string;
  lang: 'zh' | 'en' | null;
  isMobile: boolean;
  exteriorId: number | null;
  templateKind: TemplateKind | null;
  defaultFor: DefaultFor | null;
};

export type PageVersionItem = { version: number; name: string; createdAt: string; author: string };

export type DiffLine = { op: '=' | '+' | '-'; text: string };

export type PageVersionDetail = PageVersionItem & {
  html: string;
  css: string;
  cssPath: string;
  diff: { html: DiffLine[]; css: DiffLine[] };
};

export type ImageItem = { id: number; url: string; originalName: string; size: number; createdAt: string };

const ID = /^[1-9]\d{0,9}$/;
/** A page in the path; anything else is 'managePages:notFound'. */
export const pageIdParam = z.object({ id: z.string().regex(ID, 'managePages:notFound').transform(Number) });
export const pageVersionParams = z.object({
  id: z.string().regex(ID, 'managePages:notFound').transform(Number),
  version: z.string().regex(ID, 'managePages:versionNotFound').transform(Number),
});
export const exteriorQuery = z.object({
  exteriorId: z.string().regex(ID, 'commonMsg.invalidInput').transform(Number).optional(),
});

const PAGE = '/conference/page';

/** The page and template API of spec 7 (managers), with versions, restore and the preview. */
export const pagesApi = {
  list: endpoint<{ rows: PageListItem[]; total: number }>()({
    method: 'GET',
    path: `${PAGE}/list`,
    query: pageListQuery,
  }),
  detail: endpoint<PageDetail>()({ method: 'GET', path: `${PAGE}/detail/:id`, params: pageIdParam }),
  save: endpoint<PageDetail>()({ method: 'POST', path: `${PAGE}/save`, body: pageSaveInput }),
  remove: endpoint()({ method: 'DELETE', path: `${PAGE}/delete/:id`, params: pageIdParam }),
  templates: endpoint<PageOption[]>()({ method: 'GET', path: `${PAGE}/findAllTemplate`, query: exteriorQuery }),
  commonTemplates: endpoint<PageOption[]>()({
    method: 'GET',
    path: `${PAGE}/findAllCommonTemplate`,
    query: exteriorQuery,
  }),
  allPages: endpoint<PageOption[]>()({ method: 'GET', path: `${PAGE}/findAllPage` }),
  images: endpoint<ImageItem[]>()({ method: 'GET', path: `${PAGE}/image/path/all` }),
  setNeedToLogin: endpoint()({ method: 'POST', path: '/conference/setting/save', body: needToLoginInput }),
  versions: endpoint<PageVersionItem[]>()({ method: 'GET', path: `${PAGE}/versions/:id`, params: pageIdParam }),
  version: endpoint<PageVersionDetail>()({
    method: 'GET',
    path: `${PAGE}/version/:id/:version`,
    params: pageVersionParams,
  }),
  restore: endpoint<PageDetail>()({ method: 'POST', path: `${PAGE}/restore/:id/:version`, params: pageVersionParams }),
  /** data for a sandboxed iframe's srcdoc */
  preview: endpoint<{ html: string }>()({ method: 'POST', path: `${PAGE}/preview`, body: previewInput }),
};
