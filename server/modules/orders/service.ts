/**
 * Orders (spec 2.11, 4): a person's choice of fees becomes orders that hold their places until
 * paid, cancelled, invalidated or expired; a payment is an attempt with a new number each time it
 * starts. The rules of who may do what to an order are here; starting a payment is checkout.ts, the
 * one function that makes an order paid settle.ts; managers' work is in manage.ts, the periodic
 * work in jobs.ts.
 *
 * An open order (unpaid) holds its places through the fees feature's holds. An invalid order (a
 * fee's price changed, its holder was deleted) holds nothing: it cannot be paid as it is, and its
 * update takes the places of its valid lines again, if they are still there.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, isUniqueViolation, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { moneyFromColumn, multiplyMoney, sumMoney, MoneyError, type Money } from '../../contract/money';
import type { FeeChoice, MyOrdersView, OrderStatus, OrderType, OrderView } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import type { EventBus, EventMap } from '../../platform/events';
import type { SiteService } from '../sites/index';
import { conferenceOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { newOrderNo, newReference } from './numbers';
import type { FeePerson, FeesPort, PaymentsPort, QuotedLine } from './ports';
import { presentOrder } from './present';
import * as repo from './repo';
import { settle, type Arrival, type SettleOutcome } from './settle';
import { byPerson, PLATFORM, type OrderActor } from './log';
import { paidMails } from './mails';
import { mailSiteOf, type MailSite } from '../mail/index';
import { GatewayPayments } from './gateway';
import { VerifyBudget } from './verifyBudget';
import type { RateLimiter } from '../../platform/rateLimit';
import { zhOrEn } from '../../contract/bilingual';

/** How long an order holds its places unpaid. */
export const ORDER_HOLD_MS = 72 * 3600 * 1000;

/** The lines of an order that hold fee places (the fees feature's), as fees.hold takes them. */
export function feeLines(items: repo.ItemRow[]): Array<{ feeId: number; quantity: number }> {
  return items.filter((i) => i.ref_id != null && (i.kind === 'register' || i.kind === 'optional')).map((i) => ({ feeId: Number(i.ref_id), quantity: Number(i.quantity) }));
}

/** A line of a new order: what it is for, its titles as they are now, its unit price and quantity. */
export type OrderLine = {
  kind: string; refId: number | null; titleZh: string; titleEn: string; unit: Money; quantity: number; priceVersion?: number;
  /** the fee's category in both languages (a fee line) */
  categoryZh?: string; categoryEn?: string;
  /** the unit price in the order's display currency, when the order is shown in another currency than it is charged in */
  display?: Money;
};

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
    const ids = rows.map((r) => Number(r.id));
    const [items, attempts, flagged] = await Promise.all([repo.itemsOf(this.db, conferenceId, ids), repo.attemptsOf(this.db, conferenceId, ids), repo.flaggedOrders(this.db, conferenceId, ids)]);
    // Grouped once by order (an export reads thousands of orders: a filter per order would be quadratic).
    const byOrder = <T extends { order_id: number | string }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const x of list) map.set(Number(x.order_id), [...(map.get(Number(x.order_id)) ?? []), x]);
      return map;
    };
    const [itemsOf, attemptsOf] = [byOrder(items), byOrder(attempts)];
    return rows.map((r) => presentOrder(r, itemsOf.get(Number(r.id)) ?? [], attemptsOf.get(Number(r.id)) ?? [], now, flagged.has(Number(r.id))));
  }

  async view(conferenceId: number, id: number): Promise<OrderView> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'orders:notFound');
    return (await this.views(conferenceId, [row]))[0];
  }

  /** The person's order in this conference, or 404 (another person's order is not found, not forbidden). */
  async own(conferenceId: number, userId: number, id: number): Promise<repo.OrderRow> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row || Number(row.user_id) !== userId) throw new AppError(404, 'orders:notFound');
    return row;
  }

  async mine(conferenceId: number, userId: number): Promise<MyOrdersView> {
    const rows = (await this.db<repo.OrderRow>('orders').where({ conference_id: conferenceId, user_id: userId }).whereNull('hidden_at').orderBy('id', 'desc')) as repo.OrderRow[];
    const others = (await this.db<repo.OrderRow>('orders').where({ user_id: userId }).whereNot({ conference_id: conferenceId }).whereNull('hidden_at').orderBy('id', 'desc').limit(200)) as repo.OrderRow[];
    const elsewhere: MyOrdersView['elsewhere'] = [];
    for (const o of others) {
      const site = await this.sites.snapshot(Number(o.conference_id));
      if (!site) continue;
      const attempts = await repo.attemptsOf(this.db, Number(o.conference_id), [Number(o.id)]);
      const view = presentOrder(o, [], attempts);
      elsewhere.push({
        conferenceName: { zh: site.config.conferenceName.zh || site.config.conferenceName.en, en: site.config.conferenceName.en || site.config.conferenceName.zh },
        url: site.primaryDomain ? `${conferenceOrigin(this.links, site)}/profile/order/list` : '',
        orderNo: view.orderNo, type: view.type, total: view.total, status: view.status, transaction: view.transaction, createdAt: view.createdAt,
      });
    }
    return { here: await this.views(conferenceId, rows), elsewhere, combinedAllowed: await this.payments().combinedAllowed(conferenceId) };
  }

  // ── choosing fees ───────────────────────────────────────────────────────────────────────

  /**
   * The fee page's choice: a register order for the registration fees and an optional order for
   * the optional ones. Their places are held (per-category and per-account maxima, decided by
   * fees.hold under its locks) in the same transaction that writes the orders; a second open order
   * of a type is refused by the database's unique index on (conference, person, open type).
   */
  async chooseFees(conferenceId: number, person: FeePerson, choice: FeeChoice, lang: 'zh' | 'en', now = new Date()): Promise<number[]> {
    const who = { ...person, invitationCode: choice.invitationCode || person.invitationCode };
    const picks = choice.picks.map((p) => ({ feeId: p.feeId, quantity: p.quantity }));
    if (new Set(picks.map((p) => p.feeId)).size !== picks.length) throw new AppError(400, 'fees:chooseFee');
    const quoted = await this.fees().quote(this.db, conferenceId, who, picks);
    const groups = (['register', 'optional'] as const).map((type) => ({ type, lines: quoted.filter((l) => l.kind === type) })).filter((g) => g.lines.length);
    for (const g of groups) if (new Set(g.lines.map((l) => l.unit.currency)).size > 1) throw new AppError(400, 'orders:mixedCurrency');

    try {
      return await inTransaction(this.db, async (tx) => {
        const ids: number[] = [];
        for (const g of groups) ids.push(await this.createOrder(tx, conferenceId, who, g.type, g.lines, lang, now));
        // Prices read again under the fee rows' locks: a price changed since the page was read is refused, not charged.
        const again = await this.fees().quote(tx, conferenceId, who, picks);
        for (const line of quoted) {
          const now2 = again.find((l) => l.feeId === line.feeId);
          if (!now2 || now2.priceVersion !== line.priceVersion || now2.unit.amount !== line.unit.amount || now2.unit.currency !== line.unit.currency) throw new AppError(409, 'orders:priceChanged');
        }
        return ids;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'orders:existing');
      throw err;
    }
  }

  private async createOrder(tx: Tx, conferenceId: number, person: FeePerson, type: OrderType, lines: QuotedLine[], lang: 'zh' | 'en', now: Date): Promise<number> {
    const shownIn = new Set(lines.map((l) => l.display.currency)).size === 1 ? lines[0].display.currency : lines[0].unit.currency;
    const orderId = await this.openOrder(tx, conferenceId, {
      userId: person.userId, type, openSlot: type, currency: lines[0].unit.currency, lang, now,
      // shown in its fees' display currency when they share one (spec 3 "Order" displayCurrency)
      displayCurrency: shownIn,
      lines: lines.map((l) => ({ kind: l.kind, refId: l.feeId, categoryZh: l.categoryZh, categoryEn: l.categoryEn, titleZh: l.titleZh, titleEn: l.titleEn, unit: l.unit, display: l.display.currency === shownIn ? l.display : undefined, quantity: l.quantity, priceVersion: l.priceVersion })),
    });
    await this.fees().hold(tx, conferenceId, { orderId, userId: person.userId, lines: lines.map((l) => ({ feeId: l.feeId, quantity: l.quantity })) });
    return orderId;
  }

  /**
   * Writes an unpaid order with its lines in the caller's transaction: the fee page's orders and
   * another feature's (a hotel booking, whose nights the hotels feature holds itself). `openSlot`
   * is the type of which a person may hold one open order at a time (null: no such limit).
   */
  async openOrder(tx: Tx, conferenceId: number, o: { userId: number; type: OrderType; openSlot: string | null; currency: string; displayCurrency?: string; lang: 'zh' | 'en'; now: Date; lines: OrderLine[]; by?: OrderActor }): Promise<number> {
    let total;
    try {
      total = sumMoney(o.lines.map((l) => multiplyMoney(l.unit, l.quantity)), o.currency);
    } catch (err) {
      if (err instanceof MoneyError) throw new AppError(400, err.key);
      throw err;
    }
    const orderId = await this.insertWithFreshNumbers(tx, {
      conference_id: conferenceId, user_id: o.userId, type: o.type, currency: o.currency, display_currency: o.displayCurrency ?? o.currency, total_amount: total.amount, status: 'unpaid', open_slot: o.openSlot, lang: o.lang,
      deadline_at: toDbInstant(new Date(o.now.getTime() + ORDER_HOLD_MS)), remark: null, created_at: toDbInstant(o.now),
    });
    const shownIn = o.displayCurrency ?? o.currency;
    await repo.insertItems(tx, conferenceId, orderId, o.lines.map((l) => ({
      kind: l.kind, ref_id: l.refId, title_zh: l.titleZh, title_en: l.titleEn, unit_amount: l.unit.amount, quantity: l.quantity, price_version: l.priceVersion ?? 0,
      category_zh: l.categoryZh ?? null, category_en: l.categoryEn ?? null,
      display_unit_amount: shownIn !== o.currency && l.display?.currency === shownIn ? l.display.amount : null,
    })));
    await this.events.emit(tx, 'order.created', { conferenceId, orderId, userId: o.userId, type: o.type, total, by: o.by ?? byPerson(o.userId) });
    return orderId;
  }

  /** The person's open (unpaid or invalid) order of a type here, if any (a submission fee already ordered). */
  async openOf(conn: Db | Tx, conferenceId: number, userId: number, type: OrderType): Promise<number | null> {
    const row = await conn('orders').where({ conference_id: conferenceId, user_id: userId, type }).whereIn('status', repo.OPEN).orderBy('id', 'desc').first('id');
    return row ? Number(row.id) : null;
  }

  /**
   * The fee categories each person holds here (registration and optional fee lines of orders not
   * cancelled or expired), named in `lang`, joined by '; ': the registrant export's column.
   */
  async feeCategoriesOf(conferenceId: number, userIds: number[], lang: 'zh' | 'en'): Promise<Map<number, string>> {
    const byUser = new Map<number, string[]>();
    for (const r of await repo.feeCategoriesOfUsers(this.db, conferenceId, userIds)) {
      const name = zhOrEn(r.category_zh, r.category_en, lang);
      const list = byUser.get(Number(r.user_id)) ?? [];
      if (name && !list.includes(name)) list.push(name);
      byUser.set(Number(r.user_id), list);
    }
    return new Map([...byUser].map(([id, names]) => [id, names.join('; ')]));
  }

  /** What changes when any order here changes (its lines with it): part of the fingerprint of an export that shows them. */
  ordersStamp(conferenceId: number): Promise<string> {
    return repo.ordersStamp(this.db, conferenceId);
  }

  /** Whether the person has a paid order of the type here (a hotel's condition "registration paid"). */
  async hasPaid(conn: Db | Tx, conferenceId: number, userId: number, type: OrderType): Promise<boolean> {
    return Boolean(await conn('orders').where({ conference_id: conferenceId, user_id: userId, type, status: 'paid' }).first('id'));
  }

  /** The orders' states, for a feature that shows its things with their payment (hotel bookings). */
  async statesOf(conn: Db | Tx, conferenceId: number, ids: number[]): Promise<Map<number, { orderNo: string; status: OrderStatus; paid: number; currency: string }>> {
    if (!ids.length) return new Map();
    const rows = (await conn<repo.OrderRow>('orders').where('conference_id', conferenceId).whereIn('id', ids).select('id', 'order_no', 'status', 'paid_amount', 'currency')) as repo.OrderRow[];
    return new Map(rows.map((r) => [Number(r.id), { orderNo: r.order_no, status: r.status, paid: Number(r.paid_amount), currency: r.currency }]));
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
      await tx('order_items').where({ conference_id: conferenceId, order_id: order.id }).update({ valid: false });
      if (await this.close(tx, conferenceId, order, 'invalid', by)) n++;
    }
    return n;
  }

  /** Inserts an order with a new number and reference, trying again on the rare collision of either. */
  private async insertWithFreshNumbers(tx: Tx, row: Omit<repo.OrderRow, 'id' | 'order_no' | 'reference' | 'paid_amount' | 'paid_at' | 'closed_at' | 'reminded_at' | 'hidden_at' | 'updated_at'>): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const orderNo = newOrderNo();
      const reference = newReference();
      const clash = await tx('orders').where({ conference_id: row.conference_id }).andWhere((q) => q.where({ order_no: orderNo }).orWhere({ reference })).first('id');
      if (!clash) return repo.insertOrder(tx, { ...row, order_no: orderNo, reference });
      if (attempt > 5) throw new Error('orders: no free order number');
    }
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
  async close(tx: Tx, conferenceId: number, order: repo.OrderRow, status: 'cancelled' | 'expired' | 'invalid', by: OrderActor, reason?: string): Promise<boolean> {
    const changed = await repo.updateOrder(tx, conferenceId, order.id, status === 'invalid' ? { status } : { status, open_slot: null, closed_at: toDbInstant() }, repo.OPEN);
    if (!changed) return false;
    await this.fees().release(tx, conferenceId, order.id);
    await this.events.emit(tx, 'order.closed', { conferenceId, orderId: Number(order.id), userId: Number(order.user_id), type: order.type, status, by, reason });
    if (status !== 'invalid') {
      const pending = (await repo.attemptsOf(tx, conferenceId, [order.id])).filter((a) => a.state === 'pending' || a.state === 'created');
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
    await tx('order_items').where({ conference_id: conferenceId, order_id: orderId }).update({ title_zh: line.titleZh, title_en: line.titleEn, unit_amount: line.unit.amount, quantity: line.quantity, ...(line.display ? { display_unit_amount: line.display.amount } : {}) });
    await repo.updateOrder(tx, conferenceId, orderId, { total_amount: total.amount }, ['unpaid']);
    await this.events.emit(tx, 'order.noted', { conferenceId, orderId, action: 'repriced', by, amount: total });
    const pending = (await repo.attemptsOf(tx, conferenceId, [orderId])).filter((a) => a.state === 'pending' || a.state === 'created');
    for (const a of pending) await repo.updateAttempt(tx, conferenceId, a.id, { state: 'canceled' });
  }

  /** A change that leaves the order's status as it was (its remark, a statement row reporting it, a refund), for its log (log.ts). */
  async note(tx: Tx, conferenceId: number, note: Omit<EventMap['order.noted'], 'conferenceId'>): Promise<void> {
    await this.events.emit(tx, 'order.noted', { conferenceId, ...note });
  }

  /** A closed order was reopened by a manager's deal: the features holding things for it take them again (or refuse). */
  async reopened(tx: Tx, conferenceId: number, order: repo.OrderRow, by: OrderActor): Promise<void> {
    await this.events.emit(tx, 'order.reopened', { conferenceId, orderId: Number(order.id), userId: Number(order.user_id), type: order.type, by });
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
    const open = await inTransaction(this.db, async (tx) => {
      const [order] = await repo.lockOrders(tx, conferenceId, [id]);
      if (order.status !== 'invalid') throw new AppError(409, 'orders:nothingToUpdate');
      const items = await repo.itemsOf(tx, conferenceId, [id]);
      const valid = items.filter((i) => i.valid);
      await tx('order_items').where({ conference_id: conferenceId, order_id: id, valid: false }).delete();
      if (!valid.length) {
        await repo.updateOrder(tx, conferenceId, id, { status: 'cancelled', open_slot: null, closed_at: toDbInstant() });
        await this.events.emit(tx, 'order.noted', { conferenceId, orderId: id, action: 'updated', by: byPerson(userId), detail: 'nothingValidLeft' });
        return false;
      }
      await this.fees().hold(tx, conferenceId, { orderId: id, userId, lines: feeLines(valid) });
      const total = sumMoney(valid.map((i) => multiplyMoney(moneyFromColumn(i.unit_amount, order.currency), Number(i.quantity))), order.currency);
      const deadline = Math.max(fromDbInstant(order.deadline_at)!.getTime(), now.getTime() + 24 * 3600 * 1000);
      await repo.updateOrder(tx, conferenceId, id, { status: 'unpaid', total_amount: total.amount, deadline_at: toDbInstant(new Date(deadline)) });
      await this.events.emit(tx, 'order.noted', { conferenceId, orderId: id, action: 'updated', by: byPerson(userId), amount: total });
      return true;
    });
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
      const live = (await repo.attemptsOf(this.db, conferenceId, [id])).filter((a) => a.state === 'pending' || a.state === 'created');
      for (const attempt of live) if (this.payments().provider(attempt.method)?.online) await this.gateways.ask(conferenceId, attempt, now);
      if (live.length) row = await this.own(conferenceId, userId, id);
    }
    if (repo.OPEN.includes(row.status) && fromDbInstant(row.deadline_at)! <= now) {
      await inTransaction(this.db, async (tx) => {
        const [order] = await repo.lockOrders(tx, conferenceId, [id]);
        if (!repo.OPEN.includes(order.status)) return;
        const waiting = (await repo.attemptsOf(tx, conferenceId, [id])).some((a) => a.state === 'pending' && fromDbInstant(a.expires_at)! > now);
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
  async settleAndMail(conferenceId: number, work: (tx: Tx, settleNow: (attemptId: number, arrival: Arrival) => Promise<SettleOutcome>) => Promise<SettleOutcome | null>): Promise<SettleOutcome | null> {
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
