/**
 * Documents of a registrant (spec 3 "Document template config", 9): badge, invitation letter,
 * receipt, ticket and (issue 33) the attendance certificate, for people who checked in; each
 * disabled, the system default, or a custom template. Shared by the
 * server and the islands (no Node imports here).
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import { LANGS } from './enums';
import type { Money } from './money';

export const DOCUMENT_TYPES = ['BADGE', 'INVITATION', 'RECEIPT', 'TICKET', 'CERTIFICATE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ENABLED_TYPES = ['DISABLED', 'DEFAULT', 'CUSTOM'] as const;
export type EnabledType = (typeof ENABLED_TYPES)[number];

/** What a document says about the person it is for. */
export type DocumentPerson = {
  /** the registration code (prefix + number), also carried by the QR code */
  code: string;
  /** the display name (spec 2.12 name rule) */
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  unit: string;
  /** English country name as stored */
  country: string;
  phone: string;
  /** YYYY-MM-DD in the conference's time zone */
  registeredOn: string;
  /** every other answer as display text, by field key (custom items included) */
  fields: Record<string, string>;
};

/** What a document says about the conference. */
export type DocumentConference = {
  name: { zh: string; en: string };
  shortTitle: { zh: string; en: string };
  department: { zh: string; en: string };
  city: { zh: string; en: string };
  venue: { zh: string; en: string };
  startDate: string | null;
  endDate: string | null;
  /** the site's address, for letters and tickets */
  siteUrl: string;
};

/** What a payment receipt says (the receipts feature issues it; this module draws it). */
export type ReceiptDocument = {
  number: string;
  orderNo: string;
  payerName: string;
  payerEmail: string;
  /** copied from the order when the receipt was issued */
  lines: Array<{ titleZh: string; titleEn: string; unit: Money; quantity: number }>;
  total: Money;
  paid: Money;
  /** YYYY-MM-DD in the conference's time zone */
  paidOn: string;
  /** the payment method's name in the document's language, '' when unknown */
  method: string;
};

/** The fields a custom receipt layout may place, besides the built-in ones (name, email, code = the number, qr). */
export const RECEIPT_FIELDS = ['number', 'amount', 'items', 'paidAt', 'orderNo', 'method'] as const;

/** Where a field sits on a custom template, in millimetres from the top-left corner. */
export type LayoutItem = {
  /** 'name' | 'unit' | 'country' | 'code' | 'qr' | 'conferenceName' | 'email' | 'phone' | 'registeredOn' | a form field */
  field: string;
  x: number;
  y: number;
  /** text: the box width (text wraps, aligned in it); qr: unused */
  width: number;
  /** text: the font size in points; qr: the side in millimetres */
  size: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  /** #rrggbb */
  color: string;
};

export type DocumentLayout = { page: { width: number; height: number }; items: LayoutItem[] };

export const BUILT_IN_FIELDS = [
  'name',
  'unit',
  'country',
  'code',
  'qr',
  'conferenceName',
  'email',
  'phone',
  'registeredOn',
] as const;

/** The page of each document, in millimetres (a custom template starts from it). */
export const DEFAULT_PAGE: Record<DocumentType, { width: number; height: number }> = {
  BADGE: { width: 90, height: 130 },
  INVITATION: { width: 210, height: 297 },
  RECEIPT: { width: 210, height: 148 },
  TICKET: { width: 190, height: 88 },
  CERTIFICATE: { width: 297, height: 210 },
};

/** The documents an attendee downloads in the personal centre (receipts come with orders; the certificate once checked in). */
export const PERSONAL_DOCUMENTS: readonly DocumentType[] = ['BADGE', 'INVITATION', 'TICKET', 'CERTIFICATE'];

/** The documents given only to people who checked in at the conference (issue 33). */
export const ATTENDED_DOCUMENTS: readonly DocumentType[] = ['CERTIFICATE'];

export type TemplateView = {
  type: DocumentType;
  enabledType: EnabledType;
  background: string | null;
  backgroundUrl: string | null;
  layout: DocumentLayout;
};

/** The template designer's input: what a template is, checked item by item against its page. */
export const MAX_LAYOUT_ITEMS = 40;

const itemSchema = z.object({
  field: z.string().regex(/^(c_[A-Za-z0-9]{1,30}|[a-zA-Z]{2,20})$/, 'documents:fieldInvalid'),
  x: z.number().min(0, 'documents:outsidePage'),
  y: z.number().min(0, 'documents:outsidePage'),
  width: z.number().min(1, 'documents:outsidePage').max(400),
  size: z.number().min(4, 'documents:sizeInvalid').max(200, 'documents:sizeInvalid'),
  bold: z.boolean(),
  align: z.enum(['left', 'center', 'right']),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'documents:colorInvalid'),
});

export const layoutSchema = z
  .object({
    page: z.object({
      width: z.number().min(30, 'documents:pageInvalid').max(420, 'documents:pageInvalid'),
      height: z.number().min(30, 'documents:pageInvalid').max(420, 'documents:pageInvalid'),
    }),
    items: z.array(itemSchema).max(MAX_LAYOUT_ITEMS, 'documents:tooManyItems'),
  })
  .superRefine((layout, ctx) => {
    layout.items.forEach((item, i) => {
      const right = item.x + (item.field === 'qr' ? item.size : item.width);
      const bottom = item.y + (item.field === 'qr' ? item.size : (item.size * 25.4) / 72);
      if (right > layout.page.width + 0.01 || bottom > layout.page.height + 0.01)
        ctx.addIssue({ code: 'custom', message: 'documents:outsidePage', path: ['items', i] });
    });
  });

export const templateInput = z.object({
  type: z.enum(DOCUMENT_TYPES, { message: 'documents:typeInvalid' }),
  enabledType: z.enum(ENABLED_TYPES, { message: 'documents:enabledInvalid' }),
  background: z.string().max(100).nullable().optional(),
  layout: layoutSchema.optional(),
});
export type TemplateInput = z.infer<typeof templateInput>;

/** A document type in the path; anything else is 'documents:typeInvalid'. */
export const documentTypeParam = z.object({ type: z.enum(DOCUMENT_TYPES, { message: 'documents:typeInvalid' }) });
const langQuery = z.object({ lang: z.enum(LANGS).optional() });

const TEMPLATE = '/conference/admin/register/config/template';

/** The documents API: the managers' template designer (spec 7 template/find, template/save) and an attendee's own PDFs. */
export const documentsApi = {
  find: endpoint<TemplateView>()({ method: 'GET', path: `${TEMPLATE}/find/:type`, params: documentTypeParam }),
  save: endpoint<TemplateView>()({
    method: 'POST',
    path: `${TEMPLATE}/save`,
    body: templateInput,
    done: 'documents:saved',
  }),
  /** a PDF of unsaved settings with a sample person */
  preview: endpoint<Download>()({
    method: 'POST',
    path: `${TEMPLATE}/preview`,
    body: templateInput.extend({ lang: z.enum(LANGS).optional() }),
  }),
  /** the personal documents the conference gives */
  mine: endpoint<DocumentType[]>()({ method: 'GET', path: '/conference/document/mine' }),
  mineFile: endpoint<Download>()({
    method: 'GET',
    path: '/conference/document/mine/:type',
    params: documentTypeParam,
    query: langQuery,
  }),
};
