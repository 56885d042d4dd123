/**
 * The submission fee (issue 32; spec 3 "Order" orderType module; 8 "If the submission fee is not
 * paid, click OK to jump to the order to pay"): a conference may charge authors for the
 * submission service. The fee is a `module` order, paid like any order (the payment page, every
 * method, the manager's deal, the statement). One fee per author: an author with a paid module
 * order owes nothing more; an open one is reused (the orders' unique open slot keeps one even
 * when two requests race).
 *
 * 'beforeSubmit': the author page bars a new manuscript until the fee is paid and offers to pay
 * it; 'afterSubmit': the first manuscript makes the order in its own transaction and the author is
 * sent to pay it.
 */
import type { Db, Tx } from '../../db/index';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { Money } from '../../contract/money';
import type { SubmissionFeeSettings } from '../../contract/submissions';
import type { OrderLine } from '../orders/index';
import { AppError } from '../../platform/errors';
import * as configRepo from './configRepo';

/** What the fee needs of orders (listed before submissions), through its service. */
export type FeeOrders = {
  openOrder(
    tx: Tx,
    conferenceId: number,
    o: {
      userId: number;
      type: 'module';
      openSlot: string | null;
      currency: string;
      lang: 'zh' | 'en';
      now: Date;
      lines: OrderLine[];
    },
  ): Promise<number>;
  openOf(conn: Db | Tx, conferenceId: number, userId: number, type: 'module'): Promise<number | null>;
  hasPaid(conn: Db | Tx, conferenceId: number, userId: number, type: 'module'): Promise<boolean>;
};

export const NO_FEE: SubmissionFeeSettings = {
  enabled: false,
  price: { amount: 0, currency: 'CNY' },
  rule: 'beforeSubmit',
};

const line = (price: Money): OrderLine => ({
  kind: 'module',
  refId: null,
  titleZh: '投稿费',
  titleEn: 'Submission fee',
  unit: price,
  quantity: 1,
});

export class SubmissionFee {
  constructor(
    private readonly db: Db,
    private readonly orders: FeeOrders,
  ) {}

  async settings(conn: Db | Tx, conferenceId: number): Promise<SubmissionFeeSettings> {
    const row = await configRepo.findFeeSettings(conn, conferenceId);
    if (!row) return NO_FEE;
    return {
      enabled: Boolean(row.enabled),
      price: row.price,
      rule: row.rule === 'afterSubmit' ? 'afterSubmit' : 'beforeSubmit',
    };
  }

  async save(conferenceId: number, v: SubmissionFeeSettings): Promise<SubmissionFeeSettings> {
    await configRepo.saveFeeSettings(this.db, conferenceId, {
      enabled: v.enabled,
      amount: v.price.amount,
      currency: v.price.currency,
      rule: v.rule,
    });
    return this.settings(this.db, conferenceId);
  }

  /** Whether the author still owes the fee: it is charged and they have no paid module order. */
  async owed(conn: Db | Tx, conferenceId: number, userId: number): Promise<SubmissionFeeSettings | null> {
    const s = await this.settings(conn, conferenceId);
    if (!s.enabled || s.price.amount < 1) return null;
    return (await this.orders.hasPaid(conn, conferenceId, userId, 'module')) ? null : s;
  }

  /** In the caller's transaction: the author's open module order, or a new one at today's price; null when nothing is owed. */
  async orderIn(
    tx: Tx,
    conferenceId: number,
    userId: number,
    lang: 'zh' | 'en',
    now = new Date(),
  ): Promise<number | null> {
    const owed = await this.owed(tx, conferenceId, userId);
    if (!owed) return null;
    const open = await this.orders.openOf(tx, conferenceId, userId, 'module');
    if (open) return open;
    return this.orders.openOrder(tx, conferenceId, {
      userId,
      type: 'module',
      openSlot: 'module',
      currency: owed.price.currency,
      lang,
      now,
      lines: [line(owed.price)],
    });
  }

  /** The author's "pay the submission fee": the order to pay ('submissions:feeNotOwed' when nothing is owed). */
  async order(conferenceId: number, userId: number, lang: 'zh' | 'en'): Promise<number> {
    try {
      const id = await inTransaction(this.db, (tx) => this.orderIn(tx, conferenceId, userId, lang));
      if (id === null) throw new AppError(409, 'submissions:feeNotOwed');
      return id;
    } catch (err) {
      // Two clicks at once: the unique open slot kept the first one's order, which is the one to pay.
      if (!isUniqueViolation(err)) throw err;
      const open = await this.orders.openOf(this.db, conferenceId, userId, 'module');
      if (open === null) throw err;
      return open;
    }
  }
}
