/**
 * Orders and their payment (spec 2.10, 2.11, 3 "Order", 4, 5 "Order deal", 7 findItemById, 9):
 * what the API answers about an order, to its owner and to managers, and the endpoints. No Node
 * imports here: the islands bundle this file.
 */
import { z } from 'zod';
import { isRealDay } from './listAddress';
import { endpoint, type Download } from './endpoint';
import type { Money } from './money';
import type { OrderLogEntry } from './orderLog';
import type { WorkStarted } from './work';
import { orEmpty } from './validation';

export const ORDER_TYPES = ['register', 'optional', 'hotel', 'module'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The stored status of an order. */
export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'expired', 'invalid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Spec 4's transaction status, derived from the order, its payment attempts and the anomalies
 * flagged for it (server/modules/orders/present.ts transactionOf):
 * - unpaid: open, no payment under way;
 * - delay (waiting for confirmation): a bank or postal transfer was announced and waits for the manager;
 * - sure (to be confirmed): an online payment was started and its gateway has not answered yet;
 * - dePay (paid): part of the amount arrived, the rest is awaited;
 * - payFailed (payment failed): the newest payment failed at its gateway; the order may be paid again;
 * - payError (payment exception): money arrived that the managers must look at (for a closed order, twice, too much);
 * - success; cancel; expired; exception (the order was invalidated).
 */
export const TRANSACTION_STATUSES = ['unpaid', 'delay', 'sure', 'dePay', 'success', 'payError', 'exception', 'payFailed', 'cancel', 'expired'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const ATTEMPT_STATES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export type OrderItemView = {
  id: number; kind: string; refId: number | null; titleZh: string; titleEn: string; unit: Money; quantity: number; valid: boolean;
  /** the fee's category in both languages ('' for a line of none: a hotel stay, a submission fee) */
  categoryZh: string; categoryEn: string;
  /** the unit price in the order's display currency; null when the order is shown in its own currency (or the price is not known) */
  display: Money | null;
};

export type OrderView = {
  id: number;
  orderNo: string;
  type: OrderType;
  reference: string;
  total: Money;
  paid: Money;
  /** the currency the order is shown in (spec 3 "Order" displayCurrency): its fees' display currency, else its own */
  displayCurrency: string;
  /** the total in the display currency; null when that is the order's own currency or a line's display price is not known */
  displayTotal: Money | null;
  status: OrderStatus;
  transaction: TransactionStatus;
  /** ISO instants */
  deadline: string;
  paidAt: string | null;
  createdAt: string;
  items: OrderItemView[];
  /** the method of the newest attempt, if any */
  method: string | null;
  /** the state of the order's invoice request (receipts' InvoiceStatus), null for none; given in the person's order list */
  invoice?: string | null;
  can: { pay: boolean; cancel: boolean; remove: boolean; update: boolean; receipt: boolean };
};

/** One of the person's orders in another conference of the platform (one identity across domains). */
export type ElsewhereOrderView = { conferenceName: { zh: string; en: string }; url: string; orderNo: string; type: OrderType; total: Money; status: OrderStatus; transaction: TransactionStatus; createdAt: string };

export type MyOrdersView = { here: OrderView[]; elsewhere: ElsewhereOrderView[]; combinedAllowed: boolean };

export type AttemptView = {
  attemptNo: string;
  method: string;
  amount: Money;
  received: Money | null;
  state: AttemptState;
  providerRef: string | null;
  createdAt: string;
  succeededAt: string | null;
  expiresAt: string;
  orders: Array<{ id: number; orderNo: string; status: OrderStatus }>;
};

/** What a provider answers when a payment starts (payments' StartResult, as the browser sees it). */
export type PaymentStartView =
  | { kind: 'instructions'; reference: string; lines: Array<{ labelKey: string; value: string }>; html?: string }
  | { kind: 'qr'; content: string; expiresAt: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> };

/** A refund a manager asked a gateway for (issue 13). */
export type RefundView = { refundNo: string; amount: Money; reason: string; state: 'requested' | 'pending' | 'succeeded' | 'failed'; detail: string; createdAt: string };

export type ManagedOrderView = OrderView & {
  userId: number;
  email: string;
  name: string;
  remark: string;
  attempts: AttemptView[];
  refunds: RefundView[];
  /** what may still be refunded through the gateway that took the money; null when it was not an online payment */
  refundable: Money | null;
  /** what was done to the order, oldest first (issue 35) */
  log: OrderLogEntry[];
};

export type OrderPage = { rows: ManagedOrderView[]; total: number; page: number; size: number };

export type AnomalyView = {
  id: number;
  kind: 'overpaid' | 'duplicate' | 'paidWhileClosed' | 'partial' | 'unmatched' | 'mismatch' | 'refused';
  orderNo: string | null;
  orderId: number | null;
  attemptNo: string | null;
  amount: Money | null;
  detail: string;
  createdAt: string;
  resolvedAt: string | null;
  resolution: string;
};

export type StatementMapping = { date: string; amount: string; text: string; currency?: string; payer?: string };

/**
 * An import's result. Every data row of the file is counted once and listed once: `rows` is
 * confirmed + duplicate + queued + skipped, and `outcomes` has a line for each (a skipped row is a
 * debit or a row without an amount: not a payment, nothing written).
 */
export type StatementResult = {
  rows: number;
  confirmed: number;
  duplicate: number;
  queued: number;
  skipped: number;
  outcomes: Array<{ line: number; outcome: 'confirmed' | 'duplicate' | 'queued' | 'skipped'; reason: string; orderNos: string[] }>;
};

/** A line of one of a person's orders, with its order (the registrant screen's fee column). */
export type ItemOfUser = Omit<OrderItemView, 'id'> & { orderId: number; orderNo: string; type: OrderType; status: OrderStatus };

const id = z.coerce.number({ message: 'orders:notFound' }).int('orders:notFound').positive('orders:notFound').max(2 ** 31);
const idParam = z.object({ id });

/** `1,2,3` in a path or a query: the orders paid together. */
export const orderIdList = z
  .string({ message: 'orders:notFound' })
  .max(400, 'orders:tooMany')
  .transform((s, ctx) => {
    const ids = [...new Set(s.split(',').map((p) => Number(p.trim())))];
    if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2 ** 31)) {
      ctx.addIssue({ code: 'custom', message: 'orders:notFound' });
      return z.NEVER;
    }
    if (ids.length > 20) {
      ctx.addIssue({ code: 'custom', message: 'orders:tooMany' });
      return z.NEVER;
    }
    return ids;
  });

export const feeChoice = z.object({
  picks: z
    .array(z.object({ feeId: id, quantity: z.coerce.number({ message: 'orders:quantity' }).int('orders:quantity').min(1, 'orders:quantity').max(1000, 'orders:quantity') }), { message: 'fees:chooseFee' })
    .min(1, 'fees:chooseFee')
    .max(50, 'fees:chooseFee'),
  invitationCode: z.string().trim().max(64, 'fees:wrongCode').optional().default(''),
});
export type FeeChoice = z.infer<typeof feeChoice>;

export const startPayment = z.object({
  orderIds: z.array(id).min(1, 'orders:notFound').max(20, 'orders:tooMany'),
  method: z.string({ message: 'orders:methodRequired' }).min(1, 'orders:methodRequired').max(16, 'orders:methodRequired'),
});

/**
 * A refund (issue 13): the amount as a decimal string in the order's currency, a reason, and the
 * refund's number, made by the manager's screen once per dialog: sent again (a double click, a
 * retry after a timeout) it is the same refund, here and at the gateway.
 */
export const refundInput = z.object({
  amount: z.string({ message: 'orders:refundAmount' }).trim().min(1, 'orders:refundAmount').max(24, 'orders:refundAmount'),
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
  currency: z.string().trim().regex(/^[A-Z]{3}$/, 'orders:currencyInvalid').optional(),
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
export const mappingInput = z.object({ date: headerName, amount: headerName, text: headerName, currency: headerName.optional(), payer: headerName.optional() });

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
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'money.currency').optional().default('CNY'),
  })
  .superRefine((v, ctx) => {
    if (v.csv === undefined && v.file === undefined) ctx.addIssue({ code: 'custom', path: ['csv'], message: 'orders:csvRequired' });
  });

export const resolveInput = z.object({
  /** confirm the row or anomaly against these order numbers, or just close it with the note */
  action: z.enum(['assign', 'dismiss'], { message: 'commonMsg.invalidInput' }),
  orderNo: z.string().trim().max(32).optional().default(''),
  note: z.string().trim().max(500, 'orders:remarkTooLong').optional().default(''),
});

const attemptParam = z.object({ attemptNo: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'orders:attemptNotFound') });

const MINE = '/conference/order';
const MANAGE = '/conference/platform/manage/order';

export const ordersApi = {
  // the attendee
  chooseFees: endpoint<{ orderIds: number[] }>()({ method: 'POST', path: `${MINE}/fee`, body: feeChoice, done: 'orders:created' }),
  mine: endpoint<MyOrdersView>()({ method: 'GET', path: `${MINE}/list` }),
  cancel: endpoint<OrderView>()({ method: 'POST', path: `${MINE}/:id/cancel`, params: idParam, done: 'orders:cancelled' }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${MINE}/:id`, params: idParam, done: 'orders:removed' }),
  refresh: endpoint<OrderView>()({ method: 'POST', path: `${MINE}/:id/refresh`, params: idParam }),
  update: endpoint<OrderView | null>()({ method: 'POST', path: `${MINE}/:id/update`, params: idParam, done: 'orders:updated' }),
  pay: endpoint<{ attemptNo: string; start: PaymentStartView }>()({ method: 'POST', path: `${MINE}/pay`, body: startPayment }),
  attempt: endpoint<AttemptView>()({ method: 'GET', path: `${MINE}/pay/result/:attemptNo`, params: attemptParam }),
  /** "Refresh status": asks the gateway (at most every few seconds per attempt), then answers the attempt */
  refreshAttempt: endpoint<AttemptView>()({ method: 'POST', path: `${MINE}/pay/result/:attemptNo/refresh`, params: attemptParam }),

  // managers
  list: endpoint<OrderPage>()({ method: 'GET', path: MANAGE, query: orderQuery }),
  deal: endpoint<ManagedOrderView>()({ method: 'POST', path: `${MANAGE}/:id/deal`, params: idParam, body: dealInput, done: 'orders:dealt' }),
  refund: endpoint<ManagedOrderView>()({ method: 'POST', path: `${MANAGE}/:id/refund`, params: idParam, body: refundInput, done: 'orders:refundRequested' }),
  manageRefresh: endpoint<ManagedOrderView>()({ method: 'POST', path: `${MANAGE}/:id/refresh`, params: idParam }),
  excel: endpoint<Download>()({ method: 'POST', path: `${MANAGE}/export`, body: orEmpty(orderQuery) }),
  findItemById: endpoint<ItemOfUser[]>()({ method: 'GET', path: `${MANAGE}/findItemById`, query: z.object({ conferenceId: z.string().optional(), userId: id }) }),
  anomalies: endpoint<AnomalyView[]>()({ method: 'GET', path: `${MANAGE}/anomalies` }),
  resolveAnomaly: endpoint<AnomalyView[]>()({ method: 'POST', path: `${MANAGE}/anomalies/:id/resolve`, params: idParam, body: resolveInput, done: 'orders:resolved' }),
  mapping: endpoint<StatementMapping | null>()({ method: 'GET', path: `${MANAGE}/statement/mapping` }),
  /** answers 202 `{ work }` (server/contract/work.ts): the work's summary is the StatementResult */
  importStatement: endpoint<WorkStarted>()({ method: 'POST', path: `${MANAGE}/statement`, body: statementInput }),
  /** the statement file's columns and how it was read (encoding, format), for the mapping */
  previewStatement: endpoint<StatementPreview>()({ method: 'POST', path: `${MANAGE}/statement/preview`, body: statementFileInput }),
};
