/**
 * Receipts (spec 3 "Receipt (invoice)", 4 "Receipt status", 5 "Invoice", 9, 2.10 order/receipt,
 * 2.12 manage/receipt): the payment receipt a person downloads once an order is paid, the invoice
 * request for a paid order, and the managers' invoice list. No Node imports here: the islands
 * bundle this file.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import { LANGS } from './enums';
import type { Money } from './money';
import { PHONE_PATTERN } from './registration';
import { EMAIL_PATTERN, orEmpty } from './validation';

export const INVOICE_TYPES = ['ordinary'] as const;
export const INVOICE_CONTENTS = ['details'] as const;
export const TITLE_TYPES = ['personal', 'company'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

/** Spec 4 "Receipt status": forwards only, in this order. */
export const INVOICE_STATUSES = ['unbilled', 'toInvoice', 'invoiced'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A taxpayer identification number: 15 to 20 letters and digits (the unified social credit code is 18). */
export const TAXPAYER_ID_PATTERN = /^[A-Za-z0-9]{15,20}$/;

/** A payment receipt as its owner sees it in the downloads. */
export type ReceiptView = {
  id: number;
  number: string;
  orderId: number;
  orderNo: string;
  total: Money;
  paid: Money;
  paidAt: string;
  issuedAt: string;
};

/** One line of a receipt, copied from the order when the receipt was issued. */
export type ReceiptLine = { titleZh: string; titleEn: string; unit: Money; quantity: number };

/** What the invoice request page knows about the order (the amount and date are prefilled from it). */
export type InvoiceOrderView = {
  id: number;
  orderNo: string;
  total: Money;
  paid: Money;
  paidAt: string | null;
  paidDate: string | null;
  items: Array<{ titleZh: string; titleEn: string; quantity: number }>;
};

export type InvoiceRequestView = {
  id: number;
  orderId: number;
  orderNo: string;
  type: (typeof INVOICE_TYPES)[number];
  content: (typeof INVOICE_CONTENTS)[number];
  titleType: TitleType;
  titleName: string;
  taxpayerId: string;
  recipientName: string;
  phone: string;
  address: string;
  email: string;
  amount: Money;
  orderAmount: Money;
  paidDate: string;
  attendees: string[];
  comment: string;
  status: InvoiceStatus;
  expressNo: string;
  billNo: string;
  createdAt: string;
  updatedAt: string;
};

export type ManagedInvoiceView = InvoiceRequestView & { applicantName: string; applicantEmail: string };

export type InvoicePage = { rows: ManagedInvoiceView[]; total: number; page: number; size: number };

const NS = 'receipts:';
const required = (key: string, max: number) =>
  z
    .string({ message: `${NS}${key}Required` })
    .trim()
    .min(1, `${NS}${key}Required`)
    .max(max, `${NS}${key}TooLong`);

/** Spec 5 "Invoice": every field required; the taxpayer ID for a company title. */
export const invoiceInput = z
  .object({
    type: z.enum(INVOICE_TYPES, { message: `${NS}typeRequired` }),
    content: z.enum(INVOICE_CONTENTS, { message: `${NS}contentRequired` }),
    titleType: z.enum(TITLE_TYPES, { message: `${NS}titleTypeRequired` }),
    titleName: required('titleName', 200),
    taxpayerId: z.string().trim().max(20, `${NS}taxpayerIdInvalid`).optional().default(''),
    recipientName: required('recipientName', 100),
    phone: required('phone', 40).regex(PHONE_PATTERN, `${NS}phoneInvalid`),
    address: required('address', 300),
    email: required('email', 254).regex(EMAIL_PATTERN, `${NS}emailInvalid`),
    /** a decimal string in the order's currency; must equal what was paid */
    amount: required('amount', 24),
    /** YYYY-MM-DD; must equal the order's payment date in the conference's time zone */
    paidDate: required('paidDate', 10).regex(/^\d{4}-\d{2}-\d{2}$/, `${NS}paidDateRequired`),
    attendees: z
      .array(
        z
          .string({ message: `${NS}attendeesRequired` })
          .trim()
          .min(1, `${NS}attendeesRequired`)
          .max(100, `${NS}attendeeTooLong`),
        { message: `${NS}attendeesRequired` },
      )
      .min(1, `${NS}attendeesRequired`)
      .max(50, `${NS}tooManyAttendees`),
    comment: z.string().trim().max(500, `${NS}commentTooLong`).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.titleType !== 'company' && !v.taxpayerId) return;
    if (!v.taxpayerId) ctx.addIssue({ code: 'custom', path: ['taxpayerId'], message: `${NS}taxpayerIdRequired` });
    else if (!TAXPAYER_ID_PATTERN.test(v.taxpayerId))
      ctx.addIssue({ code: 'custom', path: ['taxpayerId'], message: `${NS}taxpayerIdInvalid` });
  });
export type InvoiceInput = z.infer<typeof invoiceInput>;

export const invoiceQuery = z.object({
  status: z.enum(INVOICE_STATUSES, { message: `${NS}statusInvalid` }).optional(),
  person: z.string().trim().max(100).optional(),
  orderNo: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(200).optional().default(20),
});
export type InvoiceQuery = z.infer<typeof invoiceQuery>;

/** The manager's edit (spec 2.12): status forwards only, the express tracking number and the bill number. */
export const invoiceUpdate = z.object({
  status: z.enum(INVOICE_STATUSES, { message: `${NS}statusInvalid` }),
  expressNo: z.string().trim().max(64, `${NS}expressNoTooLong`).optional().default(''),
  billNo: z.string().trim().max(64, `${NS}billNoTooLong`).optional().default(''),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdate>;

const id = z.coerce
  .number({ message: `${NS}notFound` })
  .int(`${NS}notFound`)
  .positive(`${NS}notFound`)
  .max(2 ** 31);

const MANAGE = '/conference/platform/manage/receipt';

export const receiptsApi = {
  /** the caller's payment receipts (issued when their orders were paid) */
  mine: endpoint<ReceiptView[]>()({ method: 'GET', path: '/conference/receipt/mine' }),
  /** one of them as a PDF; another person's is not found */
  pdf: endpoint<Download>()({
    method: 'GET',
    path: '/conference/receipt/:id/pdf',
    params: z.object({ id }),
    query: z.object({ lang: z.enum(LANGS).optional() }),
  }),
  /** the invoice request of one's own paid order (spec 2.10 order/receipt/{orderId}) */
  request: endpoint<InvoiceRequestView>()({
    method: 'POST',
    path: '/conference/order/receipt/:orderId',
    params: z.object({ orderId: id }),
    body: invoiceInput,
    done: `${NS}requested`,
  }),
  list: endpoint<InvoicePage>()({ method: 'GET', path: MANAGE, query: invoiceQuery }),
  update: endpoint<ManagedInvoiceView>()({
    method: 'POST',
    path: `${MANAGE}/:id/save`,
    params: z.object({ id }),
    body: invoiceUpdate,
    done: `${NS}saved`,
  }),
  excel: endpoint<Download>()({ method: 'POST', path: `${MANAGE}/export`, body: orEmpty(invoiceQuery) }),
};
