/**
 * The managers' order desk (spec 2.12 manage/order, 5 "Order deal", 7 findItemById, issue 12, 13):
 * the list's filters, the deal, a refund, the payment queue and the bank statement import, and
 * their endpoints. The attendee's side is orders.ts, which re-exports this file. No Node imports
 * here: the islands bundle this file.
 */
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { endpoint, type Download } from './endpoint';
import type { WorkStarted } from './work';
import { orEmpty } from './validation';
import {
  ORDER_STATUSES,
  ORDER_TYPES,
  orderId as id,
  orderIdParam as idParam,
  type AnomalyView,
  type ItemOfUser,
  type ManagedOrderView,
  type OrderPage,
  type StatementMapping,
} from './orderViews';

/**
 * A refund (issue 13): the amount as a decimal string in the order's currency, a reason, and the
 * refund's number, made by the manager's screen once per dialog: sent again (a double click, a
 * retry after a timeout) it is the same refund, here and at the gateway.
 */
export const refundInput = z.object({
  amount: z
    .string({ message: 'orders:refundAmount' })
    .trim()
    .min(1, 'orders:refundAmount')
    .max(24, 'orders:refundAmount'),
  reason: z.string().trim().max(200, 'orders:refundReasonTooLong').optional().default(''),
  refundNo: z.string({ message: 'orders:refundNoInvalid' }).regex(/^[A-Za-z0-9]{8,32}$/, 'orders:refundNoInvalid'),
});
export type RefundInput = z.infer<typeof refundInput>;

/** A manager's deal (spec 5 "Order deal"): the status to set and the amount that actually arrived. */
export const dealInput = z.object({
  status: z.enum(['paid', 'unpaid', 'cancelled'], { message: 'orders:dealStatus' }),
  /** a decimal string in the order's currency; required when the status is paid */
  actualPay: z.string().trim().max(24, 'orders:dealAmount').optional().default(''),
  remark: z.string().trim().max(500, 'orders:remarkTooLong').optional().default(''),
});
export type DealInput = z.infer<typeof dealInput>;

const isoDate = z.string().refine(isRealDay, 'orders:dateInvalid');

export const orderQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  method: z.string().max(16).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  person: z.string().trim().max(100).optional(),
  orderNo: z.string().trim().max(32).optional(),
  /** the orders of one currency (the overview's amounts per currency, issue 33) */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'orders:currencyInvalid')
    .optional(),
  /** orders a payment succeeded for on these days (the overview's payments per day) */
  paidFrom: isoDate.optional(),
  paidTo: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(200).optional().default(20),
});
export type OrderQuery = z.infer<typeof orderQuery>;
/** The order desk's tabs (/platform/manage/order?tab=queue). */
export const ORDER_DESK_TABS = ['orders', 'queue', 'statement'] as const;
export type OrderDeskTab = (typeof ORDER_DESK_TABS)[number];

const headerName = z.string().trim().min(1, 'orders:mappingRequired').max(100, 'orders:mappingRequired');
export const mappingInput = z.object({
  date: headerName,
  amount: headerName,
  text: headerName,
  currency: headerName.optional(),
  payer: headerName.optional(),
});

/** A statement's rows at most: more is refused ('orders:csvTooManyRows' with the number). */
export const MAX_STATEMENT_ROWS = 5000;
/** A statement's CSV at most, in bytes of the file as chosen (the request's own body limit allows for JSON's escapes). */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
// Not a bank's CSV export: NUL or undecodable bytes (U+FFFD), or the signature of a zip (an .xlsx), a PDF or an old Office file.
const BINARY_STARTS = ['PK\u0003\u0004', '%PDF', '\u00D0\u00CF\u0011\u00E0'];
const notText = (s: string): boolean => {
  const from = s.charCodeAt(0) === 0xfeff ? 1 : 0;
  return s.includes('\u0000') || s.includes('\uFFFD') || BINARY_STARTS.some((b) => s.startsWith(b, from));
};

/**
 * The file as the bank exported it, base64 of its bytes (issue 32): CSV in UTF-8, UTF-16 or
 * GBK/GB18030, or Excel (.xlsx, or the old .xls); the server finds the encoding and the format (orders/statementFile.ts).
 */
const statementFile = z
  .string({ message: 'orders:csvRequired' })
  .min(1, 'orders:csvRequired')
  .max(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4, 'orders:csvTooLarge')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'orders:csvNotCsv');

export const statementFileInput = z.object({ file: statementFile });

/** How a statement file was read: its format, its text encoding (for a CSV), its columns and how many rows are under them. */
export type StatementPreview = { format: 'csv' | 'xlsx' | 'xls'; encoding: string; header: string[]; rows: number };

export const statementInput = z
  .object({
    /** the CSV text (UTF-8), header row first: the API before issue 32; the screen sends `file` */
    csv: z
      .string({ message: 'orders:csvRequired' })
      .min(1, 'orders:csvRequired')
      .max(2_000_000, 'orders:csvTooLarge')
      .refine((s) => s.trim() !== '', 'orders:csvRequired')
      .refine((s) => !notText(s), 'orders:csvNotCsv')
      // A header row and nothing under it: refused here, before any work starts (the reading says the same of rows that turn out empty).
      .refine((s) => /[\r\n]\s*\S/.test(s.trim()), 'orders:csvEmpty')
      .optional(),
    file: statementFile.optional(),
    mapping: mappingInput,
    /** the currency of the rows when the statement has no currency column */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'money.currency')
      .optional()
      .default('CNY'),
  })
  .superRefine((v, ctx) => {
    if (v.csv === undefined && v.file === undefined)
      ctx.addIssue({ code: 'custom', path: ['csv'], message: 'orders:csvRequired' });
  });

export const resolveInput = z.object({
  /** confirm the row or anomaly against these order numbers, or just close it with the note */
  action: z.enum(['assign', 'dismiss'], { message: 'commonMsg.invalidInput' }),
  orderNo: z.string().trim().max(32).optional().default(''),
  note: z.string().trim().max(500, 'orders:remarkTooLong').optional().default(''),
});

const MANAGE = '/conference/platform/manage/order';

/** The managers' endpoints (part of ordersApi). */
export const orderDeskApi = {
  list: endpoint<OrderPage>()({ method: 'GET', path: MANAGE, query: orderQuery }),
  deal: endpoint<ManagedOrderView>()({
    method: 'POST',
    path: `${MANAGE}/:id/deal`,
    params: idParam,
    body: dealInput,
    done: 'orders:dealt',
  }),
  refund: endpoint<ManagedOrderView>()({
    method: 'POST',
    path: `${MANAGE}/:id/refund`,
    params: idParam,
    body: refundInput,
    done: 'orders:refundRequested',
  }),
  manageRefresh: endpoint<ManagedOrderView>()({ method: 'POST', path: `${MANAGE}/:id/refresh`, params: idParam }),
  excel: endpoint<Download>()({ method: 'POST', path: `${MANAGE}/export`, body: orEmpty(orderQuery) }),
  findItemById: endpoint<ItemOfUser[]>()({
    method: 'GET',
    path: `${MANAGE}/findItemById`,
    query: z.object({ conferenceId: z.string().optional(), userId: id }),
  }),
  anomalies: endpoint<AnomalyView[]>()({ method: 'GET', path: `${MANAGE}/anomalies` }),
  resolveAnomaly: endpoint<AnomalyView[]>()({
    method: 'POST',
    path: `${MANAGE}/anomalies/:id/resolve`,
    params: idParam,
    body: resolveInput,
    done: 'orders:resolved',
  }),
  mapping: endpoint<StatementMapping | null>()({ method: 'GET', path: `${MANAGE}/statement/mapping` }),
  /** answers 202 `{ work }` (server/contract/work.ts): the work's summary is the StatementResult */
  importStatement: endpoint<WorkStarted>()({ method: 'POST', path: `${MANAGE}/statement`, body: statementInput }),
  /** the statement file's columns and how it was read (encoding, format), for the mapping */
  previewStatement: endpoint<StatementPreview>()({
    method: 'POST',
    path: `${MANAGE}/statement/preview`,
    body: statementFileInput,
  }),
};
