/**
 * The receipts feature's part of a person's own data (platform/personalData.ts): the receipts
 * issued to them and the invoices they asked for. Both are tax records: on erasure a receipt keeps
 * what it says (its number, the payer's name as issued, lines and amounts) and loses the e-mail;
 * an invoice request keeps the invoice's title, taxpayer number and amounts and loses the contact
 * details (address, phone, e-mails, recipient, attendees, comment). Each is marked
 * `personal_data_erased_at` (docs/privacy.md). Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, parseJson, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import { minorUnits } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function receiptsPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'receipts',
    export: async ({ userId }) => {
      const receipts = await db('receipt_documents').where({ user_id: userId }).orderBy('id');
      const invoices = await db('invoice_requests').where({ user_id: userId }).orderBy('id');
      return {
        data: {
          receipts: receipts.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), number: r.number, orderNo: r.order_no, payerName: r.payer_name, payerEmail: r.payer_email, lines: parseJson<unknown>(r.lines as string, []), currency: r.currency, total: minorUnits(r.total_amount, r.currency), paid: minorUnits(r.paid_amount, r.currency), method: r.method, paidAt: iso(r.paid_at), issuedAt: iso(r.issued_at) })),
          invoiceRequests: invoices.map((r: Record<string, unknown>) => ({
            conferenceId: Number(r.conference_id), orderNo: r.order_no, applicantName: r.applicant_name, applicantEmail: r.applicant_email, invoiceType: r.invoice_type, content: r.content, titleType: r.title_type, titleName: r.title_name, taxpayerId: r.taxpayer_id,
            recipientName: r.recipient_name, phone: r.phone, address: r.address, email: r.email, currency: r.currency, amount: Number(r.amount), attendees: parseJson<unknown>(r.attendees as string, []), comment: r.comment ?? null, status: r.status, createdAt: iso(r.created_at),
          })),
        },
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const now = toDbInstant();
        const receipts = (await tx('receipt_documents').where({ user_id: userId }).whereNull('personal_data_erased_at').orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const r of receipts) {
          await tx('receipt_documents').where({ id: r.id }).update({ payer_email: '', personal_data_erased_at: now });
          await note(tx, Number(r.conference_id), { receipts: 1 });
        }
        const invoices = (await tx('invoice_requests').where({ user_id: userId }).whereNull('personal_data_erased_at').orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const r of invoices) {
          await tx('invoice_requests').where({ id: r.id }).update({ applicant_email: '', recipient_name: '', phone: '', address: '', email: '', attendees: '[]', comment: null, personal_data_erased_at: now, updated_at: now });
          await note(tx, Number(r.conference_id), { invoiceRequests: 1 });
        }
        return receipts.length + invoices.length;
      });
      return { changed };
    },
  };
}
