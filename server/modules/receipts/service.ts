/**
 * Receipts (spec 3 "Receipt (invoice)", 5 "Invoice", 9): a person's payment receipts and their PDF,
 * and the invoice request of a paid order — within 90 days of its payment (RECEIPT_WINDOW_MS) and
 * once per order (reissue is not supported: the unique index on (conference, order) decides even
 * when two requests race).
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import type { DocumentConference } from '../../contract/documents';
import type { Lang } from '../../contract/enums';
import { equalMoney, parseAmount } from '../../contract/money';
import type { InvoiceInput, InvoiceOrderView, InvoiceRequestView, ReceiptView } from '../../contract/receipts';
import { AppError } from '../../platform/errors';
import { hasKey, t } from '../../platform/i18n';
import { dayIn } from '../../platform/localTime';
import { accountsByIds } from '../accounts/index';
import type { DocumentService } from '../documents/index';
import { findOrder, itemsOf, type OrderRow, RECEIPT_WINDOW_MS } from '../orders/index';
import { presentReceipt } from './issue';
import { presentInvoice } from './present';
import * as repo from './repo';

export type InvoiceForm = { order: InvoiceOrderView; request: InvoiceRequestView | null; refusal: string | null };

export function methodLabel(method: string, lang: Lang): string {
  if (!method) return '';
  return hasKey(`receipts:method.${method}`) ? t(lang, `receipts:method.${method}`) : method;
}

export class ReceiptService {
  constructor(
    private readonly db: Db,
    private readonly documents: DocumentService,
  ) {}

  async mine(conferenceId: number, userId: number): Promise<ReceiptView[]> {
    return (await repo.documentsOf(this.db, conferenceId, userId)).map(presentReceipt);
  }

  /** The person's receipt as a PDF; another person's (or another conference's) is not found. */
  async pdf(
    conferenceId: number,
    userId: number,
    id: number,
    conference: DocumentConference,
    lang: Lang,
    timeZone: string,
  ): Promise<{ pdf: Buffer; number: string }> {
    const row = await repo.findDocument(this.db, conferenceId, id);
    if (!row || row.user_id !== userId) throw new AppError(404, 'receipts:notFound');
    const pdf = await this.documents.renderReceipt(
      conferenceId,
      {
        number: row.number,
        orderNo: row.order_no,
        payerName: row.payer_name,
        payerEmail: row.payer_email,
        lines: repo.linesOf(row),
        total: row.total_amount,
        paid: row.paid_amount,
        paidOn: dayIn(timeZone, row.paid_at),
        method: methodLabel(row.method, lang),
      },
      conference,
      lang,
    );
    return { pdf, number: row.number };
  }

  private async ownOrder(conferenceId: number, userId: number, orderId: number): Promise<OrderRow> {
    const order = await findOrder(this.db, conferenceId, orderId);
    if (!order || order.user_id !== userId) throw new AppError(404, 'orders:notFound');
    return order;
  }

  /**
   * The orders with the state of their invoice request (the order list offers "Request invoice"
   * only where none was made, and shows the request's state where one was).
   */
  async withInvoices<T extends { id: number }>(
    conferenceId: number,
    orders: T[],
  ): Promise<Array<T & { invoice: InvoiceRequestView['status'] | null }>> {
    const states = await repo.invoiceStatesOf(
      this.db,
      conferenceId,
      orders.map((o) => o.id),
    );
    return orders.map((o) => ({ ...o, invoice: states.get(o.id) ?? null }));
  }

  /** Why the order's invoice cannot be requested now, or null. */
  private refusal(order: OrderRow, existing: unknown, now: Date): string | null {
    if (order.status !== 'paid' || !order.paid_at) return 'receipts:notPaid';
    if (existing) return 'receipts:alreadyRequested';
    if (now.getTime() - order.paid_at.getTime() > RECEIPT_WINDOW_MS) return 'receipts:windowClosed';
    return null;
  }

  /** The invoice request page of one's own order: the order, the request made for it, or why none can be. */
  async form(
    conferenceId: number,
    userId: number,
    orderId: number,
    timeZone: string,
    now = new Date(),
  ): Promise<InvoiceForm> {
    const order = await this.ownOrder(conferenceId, userId, orderId);
    const existing = await repo.invoiceOfOrder(this.db, conferenceId, orderId);
    const items = (await itemsOf(this.db, conferenceId, [orderId])).filter((i) => Boolean(i.valid));
    const paidAt = order.paid_at;
    return {
      order: {
        id: order.id,
        orderNo: order.order_no,
        total: order.total_amount,
        paid: order.paid_amount,
        paidAt: paidAt?.toISOString() ?? null,
        paidDate: paidAt ? dayIn(timeZone, paidAt) : null,
        items: items.map((i) => ({ titleZh: i.title_zh, titleEn: i.title_en, quantity: Number(i.quantity) })),
      },
      request: existing ? presentInvoice(existing) : null,
      refusal: this.refusal(order, existing, now),
    };
  }

  /** Refuses (404, or 409 with the reason) an order whose invoice cannot be requested now. */
  async check(conferenceId: number, userId: number, orderId: number, now = new Date()): Promise<void> {
    const order = await this.ownOrder(conferenceId, userId, orderId);
    const refusal = this.refusal(order, await repo.invoiceOfOrder(this.db, conferenceId, orderId), now);
    if (refusal) throw new AppError(409, refusal);
  }

  /**
   * Records the invoice request of a paid order (spec 5 "Invoice"). The amount and the date must be
   * the order's (the form prefills them); the order must be paid, within 90 days, and not requested before.
   */
  async request(
    conferenceId: number,
    userId: number,
    orderId: number,
    input: InvoiceInput,
    timeZone: string,
    now = new Date(),
  ): Promise<InvoiceRequestView> {
    const order = await this.ownOrder(conferenceId, userId, orderId);
    const refusal = this.refusal(order, await repo.invoiceOfOrder(this.db, conferenceId, orderId), now);
    if (refusal) throw new AppError(409, refusal);
    const amount = parseAmount(input.amount, order.currency);
    if (!amount.ok) throw new AppError(400, 'receipts:amountInvalid', { field: 'amount' });
    if (!equalMoney(amount.money, order.paid_amount))
      throw new AppError(400, 'receipts:amountMismatch', { field: 'amount' });
    if (input.paidDate !== dayIn(timeZone, order.paid_at!))
      throw new AppError(400, 'receipts:paidDateMismatch', { field: 'paidDate' });
    const applicant = (await accountsByIds(this.db, [userId])).get(userId);
    try {
      const id = await repo.insertInvoice(this.db, {
        conference_id: conferenceId,
        order_id: orderId,
        user_id: userId,
        order_no: order.order_no,
        applicant_name: applicant?.trueName ?? '',
        applicant_email: applicant?.email ?? '',
        invoice_type: input.type,
        content: input.content,
        title_type: input.titleType,
        title_name: input.titleName,
        taxpayer_id: input.taxpayerId,
        recipient_name: input.recipientName,
        phone: input.phone,
        address: input.address,
        email: input.email,
        currency: order.currency,
        amount: order.paid_amount.amount,
        order_amount: order.total_amount.amount,
        paid_date: input.paidDate,
        attendees: JSON.stringify(input.attendees),
        comment: input.comment || null,
        created_at: toDbInstant(now),
      });
      return presentInvoice((await repo.findInvoice(this.db, conferenceId, id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'receipts:alreadyRequested');
      throw err;
    }
  }
}
