/**
 * Queries of the receipts module. It owns (server/db/owners.ts) `receipt_counters`,
 * `receipt_documents` and `invoice_requests`. Every function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, LIKE_ESCAPE, likeContains, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { InvoiceQuery, InvoiceStatus } from '../../contract/receipts';

type Conn = Db | Tx;

export type DocumentRow = {
  id: number;
  conference_id: number;
  order_id: number;
  user_id: number;
  number: string;
  order_no: string;
  payer_name: string;
  payer_email: string;
  lines: string;
  currency: string;
  total_amount: number | string;
  paid_amount: number | string;
  method: string;
  paid_at: string;
  issued_at: string;
};

export type InvoiceRow = {
  id: number;
  conference_id: number;
  order_id: number;
  user_id: number;
  order_no: string;
  applicant_name: string;
  applicant_email: string;
  invoice_type: 'ordinary';
  content: 'details';
  title_type: 'personal' | 'company';
  title_name: string;
  taxpayer_id: string;
  recipient_name: string;
  phone: string;
  address: string;
  email: string;
  currency: string;
  amount: number | string;
  order_amount: number | string;
  paid_date: string;
  attendees: string;
  comment: string | null;
  status: InvoiceStatus;
  express_no: string;
  bill_no: string;
  created_at: string;
  updated_at: string;
};

/**
 * The conference's next receipt number: its counter row locked for the rest of the transaction
 * (created on first use), raised by one. The counter only grows, so a number is never given twice,
 * even after its receipt was deleted.
 */
export async function nextReceiptNo(tx: Tx, conferenceId: number): Promise<number> {
  const lock = () => lockForUpdate(tx, tx('receipt_counters').where({ conference_id: conferenceId })).first() as Promise<{ last_no: number | string } | undefined>;
  let row = await lock();
  if (!row) {
    // Two first receipts at once: one insert wins, the other is ignored and both then wait on the row.
    await tx('receipt_counters').insert({ conference_id: conferenceId, last_no: 0 }).onConflict('conference_id').ignore();
    row = await lock();
  }
  const next = Number(row!.last_no) + 1;
  await tx('receipt_counters').where({ conference_id: conferenceId }).update({ last_no: next });
  return next;
}

export async function documentOfOrder(db: Conn, conferenceId: number, orderId: number): Promise<DocumentRow | undefined> {
  return db<DocumentRow>('receipt_documents').where({ conference_id: conferenceId, order_id: orderId }).first();
}

export async function findDocument(db: Conn, conferenceId: number, id: number): Promise<DocumentRow | undefined> {
  return db<DocumentRow>('receipt_documents').where({ conference_id: conferenceId, id }).first();
}

export async function documentsOf(db: Conn, conferenceId: number, userId: number): Promise<DocumentRow[]> {
  return (await db<DocumentRow>('receipt_documents').where({ conference_id: conferenceId, user_id: userId }).orderBy('id', 'desc')) as DocumentRow[];
}

export async function insertDocument(tx: Tx, row: Omit<DocumentRow, 'id'>): Promise<number> {
  return insertId(tx('receipt_documents').insert(row));
}

/** The invoice request of each of these orders that has one: its status, by order id. */
export async function invoiceStatesOf(db: Conn, conferenceId: number, orderIds: number[]): Promise<Map<number, InvoiceRow['status']>> {
  if (!orderIds.length) return new Map();
  const rows = (await db('invoice_requests').where('conference_id', conferenceId).whereIn('order_id', orderIds).select('order_id', 'status')) as Array<{ order_id: number; status: InvoiceRow['status'] }>;
  return new Map(rows.map((r) => [Number(r.order_id), r.status]));
}

export async function invoiceOfOrder(db: Conn, conferenceId: number, orderId: number): Promise<InvoiceRow | undefined> {
  return db<InvoiceRow>('invoice_requests').where({ conference_id: conferenceId, order_id: orderId }).first();
}

export async function findInvoice(db: Conn, conferenceId: number, id: number): Promise<InvoiceRow | undefined> {
  return db<InvoiceRow>('invoice_requests').where({ conference_id: conferenceId, id }).first();
}

export async function lockInvoice(tx: Tx, conferenceId: number, id: number): Promise<InvoiceRow | undefined> {
  return (await lockForUpdate(tx, tx('invoice_requests').where({ conference_id: conferenceId, id })).first()) as InvoiceRow | undefined;
}

export async function insertInvoice(db: Conn, row: Omit<InvoiceRow, 'id' | 'status' | 'express_no' | 'bill_no' | 'updated_at'>): Promise<number> {
  return insertId(db('invoice_requests').insert({ ...row, status: 'unbilled', express_no: '', bill_no: '', updated_at: row.created_at }));
}

export async function updateInvoice(db: Conn, conferenceId: number, id: number, values: Pick<InvoiceRow, 'status' | 'express_no' | 'bill_no'>): Promise<void> {
  await db('invoice_requests').where({ conference_id: conferenceId, id }).update({ ...values, updated_at: toDbInstant() });
}

/** The managers' list: by status, by order number, and by a person's name or e-mail (the applicant's, the title's or the recipient's). */
export function invoicesFiltered(db: Db, conferenceId: number, q: Omit<InvoiceQuery, 'page' | 'size'>) {
  const query = db<InvoiceRow>('invoice_requests').where('conference_id', conferenceId);
  if (q.status) query.where('status', q.status);
  if (q.orderNo) query.where('order_no', q.orderNo);
  if (q.person) {
    const like = likeContains(q.person.toLowerCase());
    query.andWhere((w) => {
      for (const column of ['applicant_name', 'applicant_email', 'title_name', 'recipient_name', 'attendees']) w.orWhereRaw(`lower(${column}) like ? ${LIKE_ESCAPE}`, [like]);
    });
  }
  return query;
}
