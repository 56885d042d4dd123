/**
 * The orders feature's tables (migrations 021, 038, 042, 049, 050) as the database holds them,
 * typed for knex (`db('orders')` yields an `OrderRow`); the declarations merge into knex's one
 * `Tables` interface (pattern: server/platform/tables.ts). Ids are numbers on both dialects, money
 * columns integer minor units (a string on MariaDB past 2^53 would never be an amount here, but
 * a `sum()` may come back as one), instants the dialect's UTC text (server/db/dialect.ts),
 * booleans 0/1 on SQLite. The repositories (repo.ts and the *Repo.ts beside it) read them.
 */
import type { AnomalyKind, OrderStatus, OrderType } from '../../contract/orders';
import type { Money } from '../../contract/money';
import type { LogRow } from './logRepo';
import type { StoredRefundRow } from './refundsRepo';

/** An order as the database stores it (what `Tables` and the writes see); the repositories hand out an `OrderRow`. */
export type StoredOrderRow = {
  id: number;
  conference_id: number;
  user_id: number;
  order_no: string;
  type: OrderType;
  reference: string;
  currency: string;
  total_amount: number | string;
  paid_amount: number | string;
  status: OrderStatus;
  /** the currency it is shown in (038); null: its own */
  display_currency?: string | null;
  open_slot: string | null;
  lang: string;
  deadline_at: string;
  paid_at: string | null;
  closed_at: string | null;
  reminded_at: string | null;
  hidden_at: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
  /** when the person's data was erased from it (042): its remark went */
  personal_data_erased_at?: string | null;
};

/** An order as the repositories hand it out: money as `Money` in its currency, instants as `Date`. */
export type OrderRow = Omit<
  StoredOrderRow,
  | 'total_amount'
  | 'paid_amount'
  | 'deadline_at'
  | 'paid_at'
  | 'closed_at'
  | 'reminded_at'
  | 'hidden_at'
  | 'created_at'
  | 'updated_at'
  | 'personal_data_erased_at'
> & {
  total_amount: Money;
  paid_amount: Money;
  deadline_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
  reminded_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
  updated_at: Date;
  personal_data_erased_at?: Date | null;
};

/** An order line as the database stores it (what `Tables` and the writes see); the repositories hand out an `ItemRow`. */
export type StoredItemRow = {
  id: number;
  conference_id: number;
  order_id: number;
  kind: string;
  ref_id: number | null;
  title_zh: string;
  title_en: string;
  unit_amount: number | string;
  quantity: number;
  price_version: number;
  valid: number | boolean;
  /** the fee's category when the line was written (049); null for a line of no category (a hotel stay, a submission fee) */
  category_zh?: string | null;
  category_en?: string | null;
  /** the unit price in the order's display currency (049); null when the order is shown in its own currency or the price is not known */
  display_unit_amount?: number | string | null;
};

/** An order line as the repositories hand it out: its unit price as `Money` in the order's currency, its display price in the order's display currency. */
export type ItemRow = Omit<StoredItemRow, 'unit_amount' | 'display_unit_amount'> & {
  unit_amount: Money;
  display_unit_amount: Money | null;
};

/** A payment attempt as the database stores it (what `Tables` and the writes see); the repositories hand out an `AttemptRow`. */
export type StoredAttemptRow = {
  id: number;
  conference_id: number;
  user_id: number | null;
  attempt_no: string;
  method: string;
  currency: string;
  amount: number | string;
  received_amount: number | string | null;
  state: string;
  provider_ref: string | null;
  expires_at: string;
  checked_at?: string | null;
  succeeded_at: string | null;
  confirmed_by: number | null;
  created_at: string;
  updated_at: string;
};

/** A payment attempt as the repositories hand it out: money as `Money` in its currency, instants as `Date`. */
export type AttemptRow = Omit<
  StoredAttemptRow,
  'amount' | 'received_amount' | 'expires_at' | 'checked_at' | 'succeeded_at' | 'created_at' | 'updated_at'
> & {
  amount: Money;
  received_amount: Money | null;
  expires_at: Date;
  checked_at?: Date | null;
  succeeded_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** An attempt's part for one order: what the order owed when the attempt began. */
export type AttemptOrderRow = {
  conference_id: number;
  attempt_id: number;
  order_id: number;
  amount: number | string;
};

/** What a payment or a statement row did that nobody asked for: the payment queue. */
export type AnomalyRow = {
  id: number;
  conference_id: number;
  attempt_id: number | null;
  order_id: number | null;
  statement_row_id: number | null;
  kind: AnomalyKind;
  currency: string | null;
  amount: number | string | null;
  detail: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  resolution: string | null;
  created_at: string;
};

/** A conference's saved column mapping of its bank's statements (JSON of a StatementMapping). */
export type MappingRow = { conference_id: number; mapping: string; updated_at: string };

/** One imported statement row, once (its hash is unique per conference). */
export type StatementRowRow = {
  id: number;
  conference_id: number;
  row_hash: string;
  booked_on: string;
  currency: string;
  amount: number | string;
  payer: string;
  text: string;
  outcome: 'confirmed' | 'queued' | 'dismissed';
  attempt_id: number | null;
  imported_by: number | null;
  created_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    orders: StoredOrderRow;
    order_items: StoredItemRow;
    payment_attempts: StoredAttemptRow;
    attempt_orders: AttemptOrderRow;
    payment_anomalies: AnomalyRow;
    payment_refunds: StoredRefundRow;
    statement_mappings: MappingRow;
    statement_rows: StatementRowRow;
    order_log: LogRow;
  }
}
