/** Invoice request rows → the views the API answers (server/contract/receipts.ts). */
import { parseJson } from '../../db/dialect';
import type { InvoiceRequestView, ManagedInvoiceView } from '../../contract/receipts';
import type { InvoiceRow } from './repo';

export function presentInvoice(r: InvoiceRow): InvoiceRequestView {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    type: r.invoice_type,
    content: r.content,
    titleType: r.title_type,
    titleName: r.title_name,
    taxpayerId: r.taxpayer_id,
    recipientName: r.recipient_name,
    phone: r.phone,
    address: r.address,
    email: r.email,
    amount: r.amount,
    orderAmount: r.order_amount,
    paidDate: r.paid_date,
    attendees: parseJson<string[]>(r.attendees, []),
    comment: r.comment ?? '',
    status: r.status,
    expressNo: r.express_no,
    billNo: r.bill_no,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export function presentManaged(r: InvoiceRow): ManagedInvoiceView {
  return { ...presentInvoice(r), applicantName: r.applicant_name, applicantEmail: r.applicant_email };
}
