/**
 * The receipts feature's part of a person's own data (platform/personalData.ts): the receipts
 * issued to them and the invoices they asked for. Both are tax records: on erasure a receipt keeps
 * what it says (its number, the payer's name as issued, lines and amounts) and loses the e-mail;
 * an invoice request keeps the invoice's title, taxpayer number and amounts and loses the contact
 * details (address, phone, e-mails, recipient, attendees, comment). Each is marked
 * `personal_data_erased_at` (docs/privacy.md). Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { parseJson, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import * as repo from './repo';

export function receiptsPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'receipts',
    export: async ({ userId }) => {
      const receipts = await repo.documentsOfPerson(db, userId);
      const invoices = await repo.invoicesOfPerson(db, userId);
      return {
        data: {
          receipts: receipts.map((r) => ({
            conferenceId: r.conference_id,
            number: r.number,
            orderNo: r.order_no,
            payerName: r.payer_name,
            payerEmail: r.payer_email,
            lines: parseJson<unknown>(r.lines, []),
            currency: r.currency,
            total: r.total_amount.amount,
            paid: r.paid_amount.amount,
            method: r.method,
            paidAt: r.paid_at.toISOString(),
            issuedAt: r.issued_at.toISOString(),
          })),
          invoiceRequests: invoices.map((r) => ({
            conferenceId: r.conference_id,
            orderNo: r.order_no,
            applicantName: r.applicant_name,
            applicantEmail: r.applicant_email,
            invoiceType: r.invoice_type,
            content: r.content,
            titleType: r.title_type,
            titleName: r.title_name,
            taxpayerId: r.taxpayer_id,
            recipientName: r.recipient_name,
            phone: r.phone,
            address: r.address,
            email: r.email,
            currency: r.currency,
            amount: r.amount.amount,
            attendees: parseJson<unknown>(r.attendees, []),
            comment: r.comment ?? null,
            status: r.status,
            createdAt: r.created_at.toISOString(),
          })),
        },
      };
    },
    erase: async ({ userId }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const now = toDbInstant();
        const receipts = await repo.documentsToErase(tx, userId, limit);
        for (const r of receipts) {
          await repo.eraseDocumentContact(tx, r.id, now);
          await note(tx, r.conference_id, { receipts: 1 });
        }
        const invoices = await repo.invoicesToErase(tx, userId, limit);
        for (const r of invoices) {
          await repo.eraseInvoiceContact(tx, r.id, now);
          await note(tx, r.conference_id, { invoiceRequests: 1 });
        }
        return receipts.length + invoices.length;
      });
      return { changed };
    },
  };
}
