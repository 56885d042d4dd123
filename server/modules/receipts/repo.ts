/**
 * Queries of the receipts module. It owns (server/db/owners.ts) `receipt_counters`,
 * `receipt_documents` and `invoice_requests`. Every function takes the conference first.
 */
import type { Db, Tx } from '../../db/index';
import {
  fromDbInstant,
  insertId,
  LIKE_ESCAPE,
  likeContains,
  lockForUpdate,
  parseJson,
  toDbInstant,
} from '../../db/dialect';
import { moneyFromColumn, type Money } from '../../contract/money';
import type { InvoiceQuery, InvoiceStatus, ReceiptLine } from '../../contract/receipts';

type Conn = Db | Tx;

/** A receipt as the database stores it (tables.ts, and what an insert writes). */
export type StoredDocumentRow = {
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
  /** when the person's e-mail was erased (042); the receipt itself stays */
  personal_data_erased_at?: string | null;
};

/** The conference's receipt numbers so far (the locked row of nextReceiptNo). */
export type CounterRow = { conference_id: number; last_no: number | string };

/** An invoice request as the database stores it (tables.ts, and what an insert writes). */
export type StoredInvoiceRow = {
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
  /** when the contact details were erased (042); the invoice's title and amounts stay */
  personal_data_erased_at?: string | null;
};

/** A receipt as the repository hands it out: money as `Money` in its currency, instants as `Date`. */
export type DocumentRow = Omit<
  StoredDocumentRow,
  'total_amount' | 'paid_amount' | 'paid_at' | 'issued_at' | 'personal_data_erased_at'
> & {
  total_amount: Money;
  paid_amount: Money;
  paid_at: Date;
  issued_at: Date;
  personal_data_erased_at: Date | null;
};

/** An invoice request as the repository hands it out: money as `Money` in its currency, instants as `Date`. */
export type InvoiceRow = Omit<
  StoredInvoiceRow,
  'amount' | 'order_amount' | 'created_at' | 'updated_at' | 'personal_data_erased_at'
> & {
  amount: Money;
  order_amount: Money;
  created_at: Date;
  updated_at: Date;
  personal_data_erased_at: Date | null;
};

/** A line as the receipt row keeps it (JSON): the unit price in the receipt's currency's minor units. */
export type StoredLine = { titleZh: string; titleEn: string; unit: number; quantity: number };

/** The receipt's lines, copied from its order when issued, with their unit prices as money. */
export function linesOf(row: DocumentRow): ReceiptLine[] {
  return parseJson<StoredLine[]>(row.lines, []).map((l) => ({
    titleZh: l.titleZh,
    titleEn: l.titleEn,
    unit: moneyFromColumn(l.unit, row.currency),
    quantity: Number(l.quantity),
  }));
}

function documentOf(r: StoredDocumentRow): DocumentRow {
  return {
    ...r,
    total_amount: moneyFromColumn(r.total_amount, r.currency),
    paid_amount: moneyFromColumn(r.paid_amount, r.currency),
    paid_at: fromDbInstant(r.paid_at)!,
    issued_at: fromDbInstant(r.issued_at)!,
    personal_data_erased_at: fromDbInstant(r.personal_data_erased_at),
  };
}

function invoiceOf(r: StoredInvoiceRow): InvoiceRow {
  return {
    ...r,
    amount: moneyFromColumn(r.amount, r.currency),
    order_amount: moneyFromColumn(r.order_amount, r.currency),
    created_at: fromDbInstant(r.created_at)!,
    updated_at: fromDbInstant(r.updated_at)!,
    personal_data_erased_at: fromDbInstant(r.personal_data_erased_at),
  };
}

/**
 * The conference's next receipt number: its counter row locked for the rest of the transaction
 * (created on first use), raised by one. The counter only grows, so a number is never given twice,
 * even after its receipt was deleted.
 */
export async function nextReceiptNo(tx: Tx, conferenceId: number): Promise<number> {
  const lock = () => lockForUpdate(tx, tx('receipt_counters').where({ conference_id: conferenceId })).first();
  let row = await lock();
  if (!row) {
    // Two first receipts at once: one insert wins, the other is ignored and both then wait on the row.
    await tx('receipt_counters')
      .insert({ conference_id: conferenceId, last_no: 0 })
      .onConflict('conference_id')
      .ignore();
    row = await lock();
  }
  const next = Number(row!.last_no) + 1;
  await tx('receipt_counters').where({ conference_id: conferenceId }).update({ last_no: next });
  return next;
}

export async function documentOfOrder(
  db: Conn,
  conferenceId: number,
  orderId: number,
): Promise<DocumentRow | undefined> {
  const row = await db('receipt_documents').where({ conference_id: conferenceId, order_id: orderId }).first();
  return row && documentOf(row);
}

export async function findDocument(db: Conn, conferenceId: number, id: number): Promise<DocumentRow | undefined> {
  const row = await db('receipt_documents').where({ conference_id: conferenceId, id }).first();
  return row && documentOf(row);
}

export async function documentsOf(db: Conn, conferenceId: number, userId: number): Promise<DocumentRow[]> {
  return (
    await db('receipt_documents').where({ conference_id: conferenceId, user_id: userId }).orderBy('id', 'desc')
  ).map(documentOf);
}

export async function insertDocument(tx: Tx, row: Omit<StoredDocumentRow, 'id'>): Promise<number> {
  return insertId(tx('receipt_documents').insert(row));
}

/** The invoice request of each of these orders that has one: its status, by order id. */
export async function invoiceStatesOf(
  db: Conn,
  conferenceId: number,
  orderIds: number[],
): Promise<Map<number, InvoiceRow['status']>> {
  if (!orderIds.length) return new Map();
  const rows = await db('invoice_requests')
    .where('conference_id', conferenceId)
    .whereIn('order_id', orderIds)
    .select('order_id', 'status');
  return new Map(rows.map((r) => [r.order_id, r.status]));
}

export async function invoiceOfOrder(db: Conn, conferenceId: number, orderId: number): Promise<InvoiceRow | undefined> {
  const row = await db('invoice_requests').where({ conference_id: conferenceId, order_id: orderId }).first();
  return row && invoiceOf(row);
}

export async function findInvoice(db: Conn, conferenceId: number, id: number): Promise<InvoiceRow | undefined> {
  const row = await db('invoice_requests').where({ conference_id: conferenceId, id }).first();
  return row && invoiceOf(row);
}

export async function lockInvoice(tx: Tx, conferenceId: number, id: number): Promise<InvoiceRow | undefined> {
  const row = await lockForUpdate(tx, tx('invoice_requests').where({ conference_id: conferenceId, id })).first();
  return row && invoiceOf(row);
}

export async function insertInvoice(
  db: Conn,
  row: Omit<StoredInvoiceRow, 'id' | 'status' | 'express_no' | 'bill_no' | 'updated_at'>,
): Promise<number> {
  return insertId(
    db('invoice_requests').insert({
      ...row,
      status: 'unbilled',
      express_no: '',
      bill_no: '',
      updated_at: row.created_at,
    }),
  );
}

export async function updateInvoice(
  db: Conn,
  conferenceId: number,
  id: number,
  values: Pick<InvoiceRow, 'status' | 'express_no' | 'bill_no'>,
): Promise<void> {
  await db('invoice_requests')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

type InvoiceFilter = Omit<InvoiceQuery, 'page' | 'size'>;

/** The managers' list: by status, by order number, and by a person's name or e-mail (the applicant's, the title's or the recipient's). */
function invoicesFiltered(db: Db, conferenceId: number, q: InvoiceFilter) {
  const query = db('invoice_requests').where('conference_id', conferenceId);
  if (q.status) query.where('status', q.status);
  if (q.orderNo) query.where('order_no', q.orderNo);
  if (q.person) {
    const like = likeContains(q.person.toLowerCase());
    query.andWhere((w) => {
      for (const column of ['applicant_name', 'applicant_email', 'title_name', 'recipient_name', 'attendees'])
        w.orWhereRaw(`lower(${column}) like ? ${LIKE_ESCAPE}`, [like]);
    });
  }
  return query;
}

/** How many requests the filter shows (a number on both dialects). */
export async function countInvoices(db: Db, conferenceId: number, q: InvoiceFilter): Promise<number> {
  const count = await invoicesFiltered(db, conferenceId, q).count({ n: '*' }).first();
  return Number(count?.n ?? 0);
}

/** A page of the filter's requests, newest first. */
export async function invoicePage(
  db: Db,
  conferenceId: number,
  q: InvoiceFilter,
  page: number,
  size: number,
): Promise<InvoiceRow[]> {
  return (
    await invoicesFiltered(db, conferenceId, q)
      .orderBy('id', 'desc')
      .offset((page - 1) * size)
      .limit(size)
  ).map(invoiceOf);
}

/** The filter's first `limit` requests, oldest first (the export). */
export async function invoicesInOrder(
  db: Db,
  conferenceId: number,
  q: InvoiceFilter,
  limit: number,
): Promise<InvoiceRow[]> {
  return (await invoicesFiltered(db, conferenceId, q).orderBy('id').limit(limit)).map(invoiceOf);
}

/** The filter's count and its requests' last change, as stored (an export's fingerprint). */
export async function invoicesStamp(
  db: Db,
  conferenceId: number,
  q: InvoiceFilter,
): Promise<{ count: number; last: string | null }> {
  const stamp = await invoicesFiltered(db, conferenceId, q).count({ n: '*' }).max({ last: 'updated_at' }).first();
  return { count: Number(stamp?.n ?? 0), last: (stamp?.last as string | null | undefined) ?? null };
}

// A person's own data (platform/personalData.ts): by person, across the conferences.

export async function documentsOfPerson(db: Db, userId: number): Promise<DocumentRow[]> {
  return (await db('receipt_documents').where({ user_id: userId }).orderBy('id')).map(documentOf);
}

export async function invoicesOfPerson(db: Db, userId: number): Promise<InvoiceRow[]> {
  return (await db('invoice_requests').where({ user_id: userId }).orderBy('id')).map(invoiceOf);
}

/** The person's receipts whose e-mail is not yet erased, at most `limit`. */
export async function documentsToErase(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<Array<{ id: number; conference_id: number }>> {
  return tx('receipt_documents')
    .where({ user_id: userId })
    .whereNull('personal_data_erased_at')
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id');
}

/** A receipt keeps what it says and loses the payer's e-mail. */
export async function eraseDocumentContact(tx: Tx, id: number, now: string): Promise<void> {
  await tx('receipt_documents').where({ id }).update({ payer_email: '', personal_data_erased_at: now });
}

/** The person's invoice requests whose contact details are not yet erased, at most `limit`. */
export async function invoicesToErase(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<Array<{ id: number; conference_id: number }>> {
  return tx('invoice_requests')
    .where({ user_id: userId })
    .whereNull('personal_data_erased_at')
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id');
}

/** An invoice request keeps the invoice's title, taxpayer number and amounts and loses the contact details. */
export async function eraseInvoiceContact(tx: Tx, id: number, now: string): Promise<void> {
  await tx('invoice_requests').where({ id }).update({
    applicant_email: '',
    recipient_name: '',
    phone: '',
    address: '',
    email: '',
    attendees: '[]',
    comment: null,
    personal_data_erased_at: now,
    updated_at: now,
  });
}
