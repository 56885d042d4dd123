/**
 * The receipts feature's tables, typed for knex (`db('invoice_requests')` yields a `StoredInvoiceRow`; the repository hands out an `InvoiceRow`);
 * the declarations merge into knex's one `Tables` interface (pattern: server/platform/tables.ts).
 */
import type { CounterRow, StoredDocumentRow, StoredInvoiceRow } from './repo';

declare module 'knex/types/tables' {
  interface Tables {
    receipt_counters: CounterRow;
    receipt_documents: StoredDocumentRow;
    invoice_requests: StoredInvoiceRow;
  }
}
