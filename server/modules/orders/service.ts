/**
 * Orders (spec 2.11, 4): a person's choice of fees becomes orders that hold their places until
 * paid, cancelled, invalidated or expired; a payment is an attempt with a new number each time it
 * starts. The rules of who may do what to an order are here; placing an order (and updating an
 * invalid one) is placing.ts, starting a payment checkout.ts, the one function that makes an order
 * paid settle.ts; managers' work is in manage.ts, the periodic work in jobs.ts.
 *
 * An open order (unpaid) holds its places through the fees feature's holds. An invalid order (a
 * fee's price changed, its holder was deleted) holds nothing: it cannot be paid as it is, and its
 * update takes the places of its valid lines again, if they are still there.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { multiplyMoney, type Money } from '../../contract/money';
import type { FeeChoice, MyOrdersView, OrderStatus, OrderType, OrderView } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import type { EventBus, EventMap } from '../../platform/events';
import type { SiteService } from '../sites/index';
import { conferenceOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import type { FeePerson, FeesPort, PaymentsPort } from './ports';
import { chooseFees, openOrder, reopenInvalid, type OrderLine, type PlacingDeps } from './placing';
import { presentOrder } from './present';
import * as repo from './repo';
import * as personRepo from './personRepo';
import { settle, type Arrival, type SettleOutcome } from './settle';
import { byPerson, PLATFORM, type OrderActor } from './log';
import { paidMails } from './mails';
import { mailSiteOf, type MailSite } from '../mail/index';
import { GatewayPayments } from './gateway';
import { VerifyBudget } from './verifyBudget';
import type { RateLimiter } from '../../platform/rateLimit';
import { zhOrEn } from '../../contract/bilingual';

export { feeLines, ORDER_HOLD_MS, type OrderLine } from './placing';

export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly sites: SiteService,
    private readonly fees: () => FeesPort,
    private readonly payments: () => PaymentsPort,
    /** how mails and other conferences' links are addressed (server/platform/publicUrl.ts) */
    private readonly links: PublicUrlConfig,
    /** bounds what gateways' callbacks may cost (verifyBudget.ts) */
    private readonly limiter: RateLimiter,
  ) {}

  private gatewaysMade?: GatewayPayments;
  /** the online side of payments: notifications, queries, closing and expiring attempts (gateway.ts) */
  get gateways(): GatewayPayments {
    return (this.gatewaysMade ??= new GatewayPayments(this.db, this, this.payments, new VerifyBudget(this.limiter)));
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────

  async views(conferenceId: number, rows: repo.OrderRow[], now = new Date()): Promise<OrderView[]> {
    const ids = rows.map((r) => r.id);
    const [items, attempts, flagged] = await Promise.all([
      repo.itemsOf(this.db, conferenceId, ids),
      repo.attemptsOf(this.db, conferenceId, ids),
      repo.flaggedOrders(this.db, conferenceId, ids),
    ]);
    // Grouped once by order (an export reads thousands of orders: a filter per order would be quadratic).
    const byOrder = <T extends { order_id: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const x of list) map.set(x.order_id, [...(map.get(x.order_id) ?? []), x]);
      return map;
    };
    const [itemsOf, attemptsOf] = [byOrder(items), byOrder(attempts)];
    return rows.map((r) =>
      presentOrder(r, itemsOf.get(r.id) ?? [], attemptsOf.get(r.id) ?? [], now, flagged.has(r.id)),
    );
  }

  async view(conferenceId: number, id: number): Promise<OrderView> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'orders:notFound');
    return (await this.views(conferenceId, [row]))[0];
  }

  /** The person's order in this conference, or 404 (another person's order is not found, not forbidden). */
  async own(conferenceId: number, userId: number, id: number): Promise<repo.OrderRow> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row || row.user_id !== userId) throw new AppError(404, 'orders:notFound');
    return row;
  }

  async mine(conferenceId: number, userId: number): Promise<MyOrdersView> {
    const rows = await repo.visibleOrdersOfUser(this.db, conferenceId, userId);
    const others = await personRepo.visibleOrdersElsewhere(this.db, conferenceId, userId, 200);
    const elsewhere: MyOrdersView['elsewhere'] = [];
    for (const o of others) {
      const site = await this.sites.snapshot(o.conference_id);
      if (!site) continue;
      const attempts = await repo.attemptsOf(this.db, o.conference_id, [o.id]);
      const view = presentOrder(o, [], attempts);
      elsewhere.push({
        conferenceName: {
          zh: site.config.conferenceName.zh || site.config.conferenceName.en,
          en: site.config.conferenceName.en || site.config.conferenceName.zh,
        },
        url: site.primaryDomain ? `${conferenceOrigin(this.links, site)}/profile/order/list` : '',
        orderNo: view.orderNo,
        type: view.type,
        total: view.total,
        status: view.status,
        transaction: view.transaction,
        createdAt: view.createdAt,
      });
    }
    return {
      here: await this.views(conferenceId, rows),
      elsewhere,
      combinedAllowed: await this.payments().combinedAllowed(conferenceId),
    };
  }

  // ── choosing fees ───────────────────────────────────────────────────────────────────────

  /** The fee page's choice (placing.ts): a register and an optional order, their places held; answers their ids. */
  chooseFees(
    conferenceId: number,
    person: FeePerson,
    choice: FeeChoice,
    lang: 'zh' | 'en',
    now = new Date(),
  ): Promise<number[]> {
    return chooseFees(this.placing, conferenceId, person, choice, lang, now);
  }

  /** Writes an unpaid order with its lines in the caller's transaction (placing.ts openOrder); answers its id. */
  openOrder(tx: Tx, conferenceId: number, o: Parameters<typeof openOrder>[3]): Promise<number> {
    return openOrder(this.events, tx, conferenceId, o);
  }

  private get placing(): PlacingDeps {
    return { db: this.db, events: this.events, fees: this.fees };
  }

  /** The person's open (unpaid or invalid) order of a type here, if any (a submission fee already ordered). */
  async openOf(conn: Db | Tx, conferenceId: number, userId: number, type: OrderType): Promise<number | null> {
    return repo.openOrderOfType(conn, conferenceId, userId, type);
  }

  /**
   * The fee categories each person holds here (registration and optional fee lines of orders not
   * cancelled or expired), named in `lang`, joined by '; ': the registrant export's column.
   */
  async feeCategoriesOf(conferenceId: number, userIds: number[], lang: 'zh' | 'en'): Promise<Map<number, string>> {
    const byUser = new Map<number, string[]>();
    for (const r of await repo.feeCategoriesOfUsers(this.db, conferenceId, userIds)) {
      const name = zhOrEn(r.category_zh, r.category_en, lang);
      const list = byUser.get(r.user_id) ?? [];
      if (name && !list.includes(name)) list.push(name);
      byUser.set(r.user_id, list);
    }
    return new Map([...byUser].map(([id, names]) => [id, names.join('; ')]));
  }

  /** What changes when any order here changes (its lines with it): part of the fingerprint of an export that shows them. */
  ordersStamp(conferenceId: number): Promise<string> {
    return repo.ordersStamp(this.db, conferenceId);
  }

  /** Whether the person has a paid order of the type here (a hotel's condition "registration paid"). */
  async hasPaid(conn: Db | Tx, conferenceId: number, userId: number, type: OrderType): Promise<boolean> {
    return repo.hasPaidOrder(conn, conferenceId, userId, type);
  }

  /** The orders' states, for a feature that shows its things with their payment (hotel bookings). */
  async statesOf(
    conn: Db | Tx,
    conferenceId: number,
    ids: number[],
  ): Promise<Map<number, { orderNo: string; status: OrderStatus; paid: Money }>> {
    return new Map((await repo.orderStates(conn, conferenceId, ids)).map(({ id, ...state }) => [id, state]));
  }

  /**
   * Another feature voids open orders of its own (a hotel's currency changed, a booking was
   * deleted): every line is marked invalid and the order closed as invalid, in the caller's
   * transaction. Answers how many were open.
   */
  async invalidate(tx: Tx, conferenceId: number, ids: number[], by: OrderActor = PLATFORM): Promise<number> {
    let n = 0;
    for (const order of await repo.lockOrders(tx, conferenceId, ids)) {
      if (!repo.OPEN.includes(order.status)) continue;
      await repo.invalidateItemsOf(tx, conferenceId, order.id);
      if (await this.close(tx, conferenceId, order, 'invalid', by)) n++;
    }
    return n;
  }

  // ── the person's actions ────────────────────────────────────────────────────────────────

  async cancel(conferenceId: number, userId: number, id: number): Promise<OrderView> {
    await this.own(conferenceId, userId, id);
    await inTransaction(this.db, async (tx) => {
      const [order] = await repo.lockOrders(tx, conferenceId, [id]);
      if (!repo.OPEN.includes(order.status)) throw new AppError(409, 'orders:cannotCancel');
      await this.close(tx, conferenceId, order, 'cancelled', byPerson(userId));
    });
    return this.view(conferenceId, id);
  }

  /**
   * Closes an open order: its places go back (exactly once: the status changes only from an open
   * one, and fees.release removes the holds it finds) and its pending attempts are cancelled. A
   * payment that still arrives for it is flagged by settle. `by` and `reason` go to its log.
   */
  async close(
    tx: Tx,
    conferenceId: number,
    order: repo.OrderRow,
    status: 'cancelled' | 'expired' | 'invalid',
    by: OrderActor,
    reason?: string,
  ): Promise<boolean> {
    const changed = await repo.updateOrder(
      tx,
      conferenceId,
      order.id,
      status === 'invalid' ? { status } : { status, open_slot: null, closed_at: toDbInstant() },
      repo.OPEN,
    );
    if (!changed) return false;
    await this.fees().release(tx, conferenceId, order.id);
    await this.events.emit(tx, 'order.closed', {
      conferenceId,
      orderId: order.id,
      userId: order.user_id,
      type: order.type,
      status,
      by,
      reason,
    });
    if (status !== 'invalid') {
      const pending = (await repo.attemptsOf(tx, conferenceId, [order.id])).filter(
        (a) => a.state === 'pending' || a.state === 'created',
      );
      for (const a of pending) await repo.updateAttempt(tx, conferenceId, a.id, { state: 'canceled' });
    }
    return true;
  }

  /** Locks one order for the caller's transaction and answers its status (null: no such order here). Lock an order before what it holds. */
  async lockState(tx: Tx, conferenceId: number, orderId: number): Promise<OrderStatus | null> {
    const [order] = await repo.lockOrders(tx, conferenceId, [orderId]);
    return order?.status ?? null;
  }

  /** Cancels an open order in the caller's transaction (a manager cancelled or deleted what it pays for); false when it was not open. */
  async cancelOpen(tx: Tx, conferenceId: number, orderId: number, by: OrderActor): Promise<boolean> {
    const [order] = await repo.lockOrders(tx, conferenceId, [orderId]);
    if (!order || !repo.OPEN.includes(order.status)) return false;
    return this.close(tx, conferenceId, order, 'cancelled', by);
  }

  /**
   * An unpaid order's one line changes (a manager moved a hotel stay): the line and the total are
   * rewritten and its pending attempts cancelled, as they ask for the old amount. The caller has
   * locked the order (lockState) and checked it is unpaid.
   */
  async restate(tx: Tx, conferenceId: number, orderId: number, line: OrderLine, by: OrderActor): Promise<void> {
    const total = multiplyMoney(line.unit, line.quantity);
    await repo.restateItems(tx, conferenceId, orderId, {
      title_zh: line.titleZh,
      title_en: line.titleEn,
      unit_amount: line.unit.amount,
      quantity: line.quantity,
      ...(line.display ? { display_unit_amount: line.display.amount } : {}),
    });
    await repo.updateOrder(tx, conferenceId, orderId, { total_amount: total.amount }, ['unpaid']);
    await this.events.emit(tx, 'order.noted', { conferenceId, orderId, action: 'repriced', by, amount: total });
    const pending = (await repo.attemptsOf(tx, conferenceId, [orderId])).filter(
      (a) => a.state === 'pending' || a.state === 'created',
    );
    for (const a of pending) await repo.updateAttempt(tx, conferenceId, a.id, { state: 'canceled' });
  }

  /** A change that leaves the order's status as it was (its remark, a statement row reporting it, a refund), for its log (log.ts). */
  async note(tx: Tx, conferenceId: number, note: Omit<EventMap['order.noted'], 'conferenceId'>): Promise<void> {
    await this.events.emit(tx, 'order.noted', { conferenceId, ...note });
  }

  /** A closed order was reopened by a manager's deal: the features holding things for it take them again (or refuse). */
  async reopened(tx: Tx, conferenceId: number, order: repo.OrderRow, by: OrderActor): Promise<void> {
    await this.events.emit(tx, 'order.reopened', {
      conferenceId,
      orderId: order.id,
      userId: order.user_id,
      type: order.type,
      by,
    });
  }

  async remove(conferenceId: number, userId: number, id: number): Promise<void> {
    const order = await this.own(conferenceId, userId, id);
    if (order.status !== 'cancelled' && order.status !== 'expired') throw new AppError(409, 'orders:cannotRemove');
    await repo.updateOrder(this.db, conferenceId, id, { hidden_at: toDbInstant() });
  }

  /**
   * The update of an order with invalid lines (spec 4): the invalid lines go, the valid ones take
   * their places again (refused with the fees' message when they are gone), and the order is
   * payable again. With nothing valid left the order is cancelled and null answered.
   */
  async update(conferenceId: number, userId: number, id: number, now = new Date()): Promise<OrderView | null> {
    await this.own(conferenceId, userId, id);
    const open = await reopenInvalid(this.placing, conferenceId, userId, id, now);
    return open ? this.view(conferenceId, id) : null;
  }

  /**
   * Refresh status (spec 2.11, "including the online-wallet status"): the gateway of each payment
   * of the order still under way is asked first (at most once every few seconds per attempt, see
   * gateway.ts ask), so money the wallet took is recorded now; then an open order past its
   * deadline is expired now rather than at the next run of the job (unless a payment is under way).
   */
  async refresh(conferenceId: number, userId: number, id: number, now = new Date()): Promise<OrderView> {
    let row = await this.own(conferenceId, userId, id);
    if (repo.OPEN.includes(row.status)) {
      const live = (await repo.attemptsOf(this.db, conferenceId, [id])).filter(
        (a) => a.state === 'pending' || a.state === 'created',
      );
      for (const attempt of live)
        if (this.payments().provider(attempt.method)?.online) await this.gateways.ask(conferenceId, attempt, now);
      if (live.length) row = await this.own(conferenceId, userId, id);
    }
    if (repo.OPEN.includes(row.status) && row.deadline_at <= now) {
      await inTransaction(this.db, async (tx) => {
        const [order] = await repo.lockOrders(tx, conferenceId, [id]);
        if (!repo.OPEN.includes(order.status)) return;
        const waiting = (await repo.attemptsOf(tx, conferenceId, [id])).some(
          (a) => a.state === 'pending' && a.expires_at > now,
        );
        if (!waiting) await this.close(tx, conferenceId, order, 'expired', PLATFORM, 'deadlinePassed');
      });
    }
    return this.view(conferenceId, id);
  }

  /**
   * Records money that arrived for an attempt and sends the payment mails of the orders it paid,
   * in one transaction: the path of a manager's deal, a statement row and a gateway's notification.
   * `work` may do more in the same transaction (create the attempt a deal or a statement pays).
   */
  async settleAndMail(
    conferenceId: number,
    work: (
      tx: Tx,
      settleNow: (attemptId: number, arrival: Arrival) => Promise<SettleOutcome>,
    ) => Promise<SettleOutcome | null>,
  ): Promise<SettleOutcome | null> {
    const site = await this.mailSite(conferenceId);
    return inTransaction(this.db, async (tx) => {
      const outcome = await work(tx, (attemptId, arrival) => settle(tx, this.events, conferenceId, attemptId, arrival));
      if (outcome?.paidOrderIds.length && site) await paidMails(tx, conferenceId, site, outcome.paidOrderIds);
      return outcome;
    });
  }

  /** The mail site of its own mails (the reminder job's too): mail's builder. */
  mailSite(conferenceId: number): Promise<MailSite | null> {
    return mailSiteOf(this.sites, this.links, conferenceId);
  }
}
