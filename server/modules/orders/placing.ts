/**
 * Placing orders (spec 2.11, 4): the fee page's choice becomes a register and an optional order
 * whose places the fees feature holds in the same transaction, and another feature's order (a
 * hotel booking, a submission fee) is written in its caller's transaction. An order gets a fresh
 * number and payment reference (numbers.ts); the database refuses a second open order of a type.
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { multiplyMoney, sumMoney, MoneyError, type Money } from '../../contract/money';
import type { FeeChoice, OrderType } from '../../contract/orders';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { newOrderNo, newReference } from './numbers';
import type { FeePerson, FeesPort, QuotedLine } from './ports';
import * as repo from './repo';
import { byPerson, type OrderActor } from './log';

/** What placing an order needs of the service. */
export type PlacingDeps = { db: Db; events: EventBus; fees: () => FeesPort };

/** How long an order holds its places unpaid. */
export const ORDER_HOLD_MS = 72 * 3600 * 1000;

/** The lines of an order that hold fee places (the fees feature's), as fees.hold takes them. */
export function feeLines(items: repo.ItemRow[]): Array<{ feeId: number; quantity: number }> {
  return items.flatMap((i) =>
    i.ref_id != null && (i.kind === 'register' || i.kind === 'optional')
      ? [{ feeId: i.ref_id, quantity: Number(i.quantity) }]
      : [],
  );
}

/** A line of a new order: what it is for, its titles as they are now, its unit price and quantity. */
export type OrderLine = {
  kind: string;
  refId: number | null;
  titleZh: string;
  titleEn: string;
  unit: Money;
  quantity: number;
  priceVersion?: number;
  /** the fee's category in both languages (a fee line) */
  categoryZh?: string;
  categoryEn?: string;
  /** the unit price in the order's display currency, when the order is shown in another currency than it is charged in */
  display?: Money;
};

/**
 * The fee page's choice: a register order for the registration fees and an optional order for
 * the optional ones. Their places are held (per-category and per-account maxima, decided by
 * fees.hold under its locks) in the same transaction that writes the orders; a second open order
 * of a type is refused by the database's unique index on (conference, person, open type).
 */
export async function chooseFees(
  deps: PlacingDeps,
  conferenceId: number,
  person: FeePerson,
  choice: FeeChoice,
  lang: 'zh' | 'en',
  now = new Date(),
): Promise<number[]> {
  const who = { ...person, invitationCode: choice.invitationCode || person.invitationCode };
  const picks = choice.picks.map((p) => ({ feeId: p.feeId, quantity: p.quantity }));
  if (new Set(picks.map((p) => p.feeId)).size !== picks.length) throw new AppError(400, 'fees:chooseFee');
  const quoted = await deps.fees().quote(deps.db, conferenceId, who, picks);
  const groups = (['register', 'optional'] as const)
    .map((type) => ({ type, lines: quoted.filter((l) => l.kind === type) }))
    .filter((g) => g.lines.length);
  for (const g of groups)
    if (new Set(g.lines.map((l) => l.unit.currency)).size > 1) throw new AppError(400, 'orders:mixedCurrency');

  try {
    return await inTransaction(deps.db, async (tx) => {
      const ids: number[] = [];
      for (const g of groups) ids.push(await createOrder(deps, tx, conferenceId, who, g.type, g.lines, lang, now));
      // Prices read again under the fee rows' locks: a price changed since the page was read is refused, not charged.
      const again = await deps.fees().quote(tx, conferenceId, who, picks);
      for (const line of quoted) {
        const now2 = again.find((l) => l.feeId === line.feeId);
        if (
          !now2 ||
          now2.priceVersion !== line.priceVersion ||
          now2.unit.amount !== line.unit.amount ||
          now2.unit.currency !== line.unit.currency
        )
          throw new AppError(409, 'orders:priceChanged');
      }
      return ids;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'orders:existing');
    throw err;
  }
}

async function createOrder(
  deps: PlacingDeps,
  tx: Tx,
  conferenceId: number,
  person: FeePerson,
  type: OrderType,
  lines: QuotedLine[],
  lang: 'zh' | 'en',
  now: Date,
): Promise<number> {
  const shownIn =
    new Set(lines.map((l) => l.display.currency)).size === 1 ? lines[0].display.currency : lines[0].unit.currency;
  const orderId = await openOrder(deps.events, tx, conferenceId, {
    userId: person.userId,
    type,
    openSlot: type,
    currency: lines[0].unit.currency,
    lang,
    now,
    // shown in its fees' display currency when they share one (spec 3 "Order" displayCurrency)
    displayCurrency: shownIn,
    lines: lines.map((l) => ({
      kind: l.kind,
      refId: l.feeId,
      categoryZh: l.categoryZh,
      categoryEn: l.categoryEn,
      titleZh: l.titleZh,
      titleEn: l.titleEn,
      unit: l.unit,
      display: l.display.currency === shownIn ? l.display : undefined,
      quantity: l.quantity,
      priceVersion: l.priceVersion,
    })),
  });
  await deps.fees().hold(tx, conferenceId, {
    orderId,
    userId: person.userId,
    lines: lines.map((l) => ({ feeId: l.feeId, quantity: l.quantity })),
  });
  return orderId;
}

/**
 * Writes an unpaid order with its lines in the caller's transaction: the fee page's orders and
 * another feature's (a hotel booking, whose nights the hotels feature holds itself). `openSlot`
 * is the type of which a person may hold one open order at a time (null: no such limit).
 */
export async function openOrder(
  events: EventBus,
  tx: Tx,
  conferenceId: number,
  o: {
    userId: number;
    type: OrderType;
    openSlot: string | null;
    currency: string;
    displayCurrency?: string;
    lang: 'zh' | 'en';
    now: Date;
    lines: OrderLine[];
    by?: OrderActor;
  },
): Promise<number> {
  let total;
  try {
    total = sumMoney(
      o.lines.map((l) => multiplyMoney(l.unit, l.quantity)),
      o.currency,
    );
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError(400, err.key);
    throw err;
  }
  const orderId = await insertWithFreshNumbers(tx, {
    conference_id: conferenceId,
    user_id: o.userId,
    type: o.type,
    currency: o.currency,
    display_currency: o.displayCurrency ?? o.currency,
    total_amount: total.amount,
    status: 'unpaid',
    open_slot: o.openSlot,
    lang: o.lang,
    deadline_at: toDbInstant(new Date(o.now.getTime() + ORDER_HOLD_MS)),
    remark: null,
    created_at: toDbInstant(o.now),
  });
  const shownIn = o.displayCurrency ?? o.currency;
  await repo.insertItems(
    tx,
    conferenceId,
    orderId,
    o.lines.map((l) => ({
      kind: l.kind,
      ref_id: l.refId,
      title_zh: l.titleZh,
      title_en: l.titleEn,
      unit_amount: l.unit.amount,
      quantity: l.quantity,
      price_version: l.priceVersion ?? 0,
      category_zh: l.categoryZh ?? null,
      category_en: l.categoryEn ?? null,
      display_unit_amount: shownIn !== o.currency && l.display?.currency === shownIn ? l.display.amount : null,
    })),
  );
  await events.emit(tx, 'order.created', {
    conferenceId,
    orderId,
    userId: o.userId,
    type: o.type,
    total,
    by: o.by ?? byPerson(o.userId),
  });
  return orderId;
}

/** Inserts an order with a new number and reference, trying again on the rare collision of either. */
async function insertWithFreshNumbers(
  tx: Tx,
  row: Omit<
    repo.StoredOrderRow,
    | 'id'
    | 'order_no'
    | 'reference'
    | 'paid_amount'
    | 'paid_at'
    | 'closed_at'
    | 'reminded_at'
    | 'hidden_at'
    | 'updated_at'
  >,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const orderNo = newOrderNo();
    const reference = newReference();
    if (!(await repo.numberTaken(tx, row.conference_id, orderNo, reference)))
      return repo.insertOrder(tx, { ...row, order_no: orderNo, reference });
    if (attempt > 5) throw new Error('orders: no free order number');
  }
}

/**
 * The update of an order with invalid lines (spec 4), in one transaction: the invalid lines go, the
 * valid ones take their places again (refused with the fees' message when they are gone), and the
 * order is payable again (true). With nothing valid left the order is cancelled (false).
 */
export async function reopenInvalid(
  deps: PlacingDeps,
  conferenceId: number,
  userId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const [order] = await repo.lockOrders(tx, conferenceId, [id]);
    if (order.status !== 'invalid') throw new AppError(409, 'orders:nothingToUpdate');
    const items = await repo.itemsOf(tx, conferenceId, [id]);
    const valid = items.filter((i) => i.valid);
    await repo.deleteInvalidItems(tx, conferenceId, id);
    if (!valid.length) {
      await repo.updateOrder(tx, conferenceId, id, {
        status: 'cancelled',
        open_slot: null,
        closed_at: toDbInstant(),
      });
      await deps.events.emit(tx, 'order.noted', {
        conferenceId,
        orderId: id,
        action: 'updated',
        by: byPerson(userId),
        detail: 'nothingValidLeft',
      });
      return false;
    }
    await deps.fees().hold(tx, conferenceId, { orderId: id, userId, lines: feeLines(valid) });
    const total = sumMoney(
      valid.map((i) => multiplyMoney(i.unit_amount, Number(i.quantity))),
      order.currency,
    );
    const deadline = Math.max(order.deadline_at.getTime(), now.getTime() + 24 * 3600 * 1000);
    await repo.updateOrder(tx, conferenceId, id, {
      status: 'unpaid',
      total_amount: total.amount,
      deadline_at: toDbInstant(new Date(deadline)),
    });
    await deps.events.emit(tx, 'order.noted', {
      conferenceId,
      orderId: id,
      action: 'updated',
      by: byPerson(userId),
      amount: total,
    });
    return true;
  });
}
