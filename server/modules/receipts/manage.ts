/**
 * The managers' receipt management (spec 2.12 manage/receipt, 4 "Receipt status"): the invoice
 * requests with filters, their status (unbilled → to be invoiced → invoiced, never backwards), the
 * express tracking number and the bill number, and the export's rows (receipts.xlsx, written in
 * the pool: exportWork.ts).
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import {
  INVOICE_STATUSES,
  type InvoicePage,
  type InvoiceQuery,
  type InvoiceUpdate,
  type ManagedInvoiceView,
} from '../../contract/receipts';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { dayCell, instantCell, moneyCell } from '../../platform/tableCells';
import { presentManaged } from './present';
import * as repo from './repo';

/** The most requests one export holds (as before the pool). */
export const EXPORT_MAX = 50_000;

export class ReceiptManagement {
  constructor(private readonly db: Db) {}

  async list(conferenceId: number, q: InvoiceQuery): Promise<InvoicePage> {
    const { page, size, ...filter } = q;
    const total = await repo.countInvoices(this.db, conferenceId, filter);
    const rows = await repo.invoicePage(this.db, conferenceId, filter, page, size);
    return { rows: rows.map(presentManaged), total, page, size };
  }

  /** The status moves forwards only (or stays); the numbers may be corrected at any step. */
  async update(conferenceId: number, id: number, input: InvoiceUpdate): Promise<ManagedInvoiceView> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockInvoice(tx, conferenceId, id);
      if (!row) throw new AppError(404, 'receipts:notFound');
      if (INVOICE_STATUSES.indexOf(input.status) < INVOICE_STATUSES.indexOf(row.status))
        throw new AppError(409, 'receipts:statusBackwards', { field: 'status' });
      await repo.updateInvoice(tx, conferenceId, id, {
        status: input.status,
        express_no: input.expressNo,
        bill_no: input.billNo,
      });
    });
    return presentManaged((await repo.findInvoice(this.db, conferenceId, id))!);
  }

  /** How many requests an export of the filter shows (whether it is answered at once or as a piece of work). */
  async exportCount(conferenceId: number, q: Omit<InvoiceQuery, 'page' | 'size'>): Promise<number> {
    return Math.min(EXPORT_MAX, await repo.countInvoices(this.db, conferenceId, q));
  }

  /** The fingerprint of what an export of the filter shows: the requests' count and last change. */
  async exportVersion(conferenceId: number, q: Omit<InvoiceQuery, 'page' | 'size'>): Promise<string> {
    const stamp = await repo.invoicesStamp(this.db, conferenceId, q);
    return `${stamp.count}@${stamp.last ?? ''}`;
  }

  /** receipts.xlsx's sheet: a row per invoice request of the filter (at most EXPORT_MAX), times in the conference's zone. */
  async table(
    conferenceId: number,
    q: Omit<InvoiceQuery, 'page' | 'size'>,
    lang: Lang,
    timeZone: string,
  ): Promise<TableSheet> {
    const rows = (await repo.invoicesInOrder(this.db, conferenceId, q, EXPORT_MAX)).map(presentManaged);
    // Amounts and times are number and date cells (issue 32); times in the conference's zone.
    const local = (iso: string) => instantCell(iso, timeZone);
    const columns = [
      'orderNo',
      'applicant',
      'email',
      'type',
      'content',
      'titleType',
      'titleName',
      'taxpayerId',
      'recipientName',
      'phone',
      'address',
      'receivingEmail',
      'currency',
      'amount',
      'orderAmount',
      'paidDate',
      'attendees',
      'comment',
      'status',
      'expressNo',
      'billNo',
      'createdAt',
      'updatedAt',
    ];
    const head = [
      ...columns.map((c) => t(lang, `receipts:export.${c}`)),
      `${t(lang, 'receipts:export.timeZone')}: ${timeZone}`,
    ];
    const body = rows.map((v): TableCell[] => [
      v.orderNo,
      v.applicantName,
      v.applicantEmail,
      t(lang, `receipts:type.${v.type}`),
      t(lang, `receipts:content.${v.content}`),
      t(lang, `receipts:titleType.${v.titleType}`),
      v.titleName,
      v.taxpayerId,
      v.recipientName,
      v.phone,
      v.address,
      v.email,
      v.amount.currency,
      moneyCell(v.amount),
      moneyCell(v.orderAmount),
      dayCell(v.paidDate),
      v.attendees.join(', '),
      v.comment,
      t(lang, `receipts:status.${v.status}`),
      v.expressNo,
      v.billNo,
      local(v.createdAt),
      local(v.updatedAt),
    ]);
    return { name: t(lang, 'receipts:export.sheet'), head, rows: body, widths: head.map(() => 18) };
  }
}
