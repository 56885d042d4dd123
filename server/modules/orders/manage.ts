/**
 * The managers' order work (spec 2.12 manage/order, 4, 5 "Order deal", 7 findItemById): the list
 * with its filters, the deal (the status and the amount that actually arrived), the queue of
 * payments nobody asked for, and the Excel export. A deal that confirms money goes through the
 * same settle() as a gateway's notification, as the order's open bank-transfer attempt or else a
 * 'manual' attempt, so an order is paid in one place.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { compareMoney, formatMoney, money, moneyFromColumn, parseAmount } from '../../contract/money';
import type { AnomalyView, DealInput, ItemOfUser, ManagedOrderView, OrderPage, OrderQuery } from '../../contract/orders';
import type { Lang } from '../../contract/enums';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { instantCell, moneyCell } from '../../platform/tableCells';
import type { Progress } from '../../platform/work/types';
import { whereLocalDays } from '../../platform/overviewFigures';
import { zoneOffsetMs } from '../../platform/localTime';
import { accountsByIds } from '../accounts/index';
import { newAttemptNo } from './numbers';
import { presentAttempt, presentItem } from './present';
import { presentRefund, refundable, refundsOf } from './refunds';
import * as repo from './repo';
import { feeLines, type OrderService } from './service';
import { byManager, lastLogId, logSheet, logsOf } from './log';
import type { FeesPort } from './ports';
import { zhOrEn } from '../../contract/bilingual';

/** The most orders one export holds (as before the pool: a sheet past this is not one a person reads). */
export const EXPORT_MAX = 50_000;


/** The people of this conference's orders whose e-mail or name contains the text (accounts owns the names). */
async function peopleMatching(db: Db, conferenceId: number, text: string): Promise<number[]> {
  const ids = (await db('orders').where('conference_id', conferenceId).distinct('user_id')) as Array<{ user_id: number }>;
  const people = await accountsByIds(db, ids.map((r) => Number(r.user_id)));
  const needle = text.toLowerCase();
  return [...people.values()].filter((p) => p.email.toLowerCase().includes(needle) || p.trueName.toLowerCase().includes(needle)).map((p) => p.id);
}

type Filter = Omit<OrderQuery, 'page' | 'size'> & { people?: number[] };

async function filterOf(db: Db, conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>): Promise<Filter> {
  return q.person ? { ...q, people: await peopleMatching(db, conferenceId, q.person) } : q;
}

function filtered(db: Db, conferenceId: number, q: Filter, timeZoneOffsetMs = 0) {
  const query = db('orders as o').where('o.conference_id', conferenceId);
  if (q.status) query.where('o.status', q.status);
  if (q.type) query.where('o.type', q.type);
  if (q.orderNo) query.where('o.order_no', q.orderNo);
  if (q.people) query.whereIn('o.user_id', q.people);
  if (q.from) query.where('o.created_at', '>=', toDbInstant(new Date(Date.parse(`${q.from}T00:00:00Z`) - timeZoneOffsetMs)));
  if (q.to) query.where('o.created_at', '<', toDbInstant(new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 - timeZoneOffsetMs)));
  if (q.currency) query.where('o.currency', q.currency);
  // paid on those days: a succeeded payment of the order, its day as the overview counts it (moneyFigures)
  if (q.paidFrom || q.paidTo) {
    query.whereExists((e) => {
      e.select(db.raw('1')).from('attempt_orders as ap').join('payment_attempts as pa', 'pa.id', 'ap.attempt_id').whereRaw('ap.order_id = o.id').where('pa.state', 'succeeded');
      whereLocalDays(e, 'pa.succeeded_at', { from: q.paidFrom, to: q.paidTo }, Math.round(timeZoneOffsetMs / 60_000));
    });
  }
  if (q.method) query.whereExists((e) => e.select(db.raw('1')).from('attempt_orders as ao').join('payment_attempts as a', 'a.id', 'ao.attempt_id').whereRaw('ao.order_id = o.id').where('a.method', q.method!));
  return query;
}

export class OrderManagement {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
  ) {}

  async managed(conferenceId: number, rows: repo.OrderRow[]): Promise<ManagedOrderView[]> {
    const views = await this.orders.views(conferenceId, rows);
    const people = await accountsByIds(this.db, rows.map((r) => Number(r.user_id)));
    const attempts = await repo.attemptsOf(this.db, conferenceId, rows.map((r) => Number(r.id)));
    const refunds = await refundsOf(this.db, conferenceId, rows.map((r) => Number(r.id)));
    const left = await Promise.all(rows.map((r) => refundable(this.db, this.orders.gateways, conferenceId, r, refunds.filter((f) => Number(f.order_id) === Number(r.id)))));
    const logs = await logsOf(this.db, conferenceId, rows.map((r) => Number(r.id)));
    const partsOf = new Map<number, Array<{ id: number; orderNo: string; status: repo.OrderRow['status'] }>>();
    for (const a of attempts) {
      const order = rows.find((r) => Number(r.id) === Number(a.order_id))!;
      partsOf.set(Number(a.id), [...(partsOf.get(Number(a.id)) ?? []), { id: Number(order.id), orderNo: order.order_no, status: order.status }]);
    }
    return views.map((v, i) => {
      const person = people.get(Number(rows[i].user_id));
      return {
        ...v,
        userId: Number(rows[i].user_id),
        email: person?.email ?? '',
        name: person?.trueName ?? '',
        remark: rows[i].remark ?? '',
        attempts: attempts.filter((a) => Number(a.order_id) === v.id).map((a) => presentAttempt(a, partsOf.get(Number(a.id)) ?? [])),
        refunds: refunds.filter((f) => Number(f.order_id) === v.id).map(presentRefund),
        refundable: left[i],
        log: logs.get(v.id) ?? [],
      };
    });
  }

  async list(conferenceId: number, q: OrderQuery, timeZone: string): Promise<OrderPage> {
    const offset = zoneOffsetMs(timeZone);
    const f = await filterOf(this.db, conferenceId, q);
    const total = Number(((await filtered(this.db, conferenceId, f, offset).count({ n: 'o.id' }).first()) as { n: number | string } | undefined)?.n ?? 0);
    const rows = (await filtered(this.db, conferenceId, f, offset).orderBy('o.id', 'desc').limit(q.size).offset((q.page - 1) * q.size).select('o.*')) as repo.OrderRow[];
    return { rows: await this.managed(conferenceId, rows), total, page: q.page, size: q.size };
  }

  /** The manager's "refresh": the gateways are asked about the order's open attempts first. */
  async refresh(conferenceId: number, id: number, now = new Date()): Promise<ManagedOrderView> {
    const open = (await repo.attemptsOf(this.db, conferenceId, [id])).filter((a) => a.state === 'created' || a.state === 'pending');
    for (const attempt of open) await this.orders.gateways.ask(conferenceId, attempt, now);
    return this.one(conferenceId, id);
  }

  async one(conferenceId: number, id: number): Promise<ManagedOrderView> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'orders:notFound');
    return (await this.managed(conferenceId, [row]))[0];
  }

  /**
   * The deal: paid (with the amount that arrived, which must cover what the order still owes),
   * unpaid (an order the person cancelled or let expire, opened again: its places are taken again
   * if they are still there) or cancelled. Paid orders are not reopened here: a refund is a
   * provider's business (issue 13), and the books keep what was confirmed.
   */
  async deal(conferenceId: number, managerId: number, id: number, input: DealInput, fees: Pick<FeesPort, 'hold'>, now = new Date()): Promise<ManagedOrderView> {
    const order = await repo.findOrder(this.db, conferenceId, id);
    if (!order) throw new AppError(404, 'orders:notFound');
    if (order.status === 'paid') throw new AppError(409, 'orders:dealTransition', 'status');
    let amount = money(0, order.currency);
    if (input.status === 'paid') {
      const parsed = parseAmount(input.actualPay, order.currency);
      if (!parsed.ok) throw new AppError(400, parsed.key === 'money.required' ? 'orders:dealAmount' : parsed.key, 'actualPay');
      amount = parsed.money;
    }
    await this.orders.settleAndMail(conferenceId, async (tx, settleNow) => {
      const [locked] = await repo.lockOrders(tx, conferenceId, [id]);
      if (locked.status === 'paid') throw new AppError(409, 'orders:dealTransition', 'status');
      if (input.remark && input.remark !== (locked.remark ?? '')) {
        await repo.updateOrder(tx, conferenceId, id, { remark: input.remark });
        await this.orders.note(tx, conferenceId, { orderId: id, action: 'remarked', by: byManager(managerId), detail: input.remark });
      }
      if (input.status === 'cancelled') {
        if (!repo.OPEN.includes(locked.status)) throw new AppError(409, 'orders:dealTransition', 'status');
        await this.orders.close(tx, conferenceId, locked, 'cancelled', byManager(managerId));
        return null;
      }
      if (locked.status === 'cancelled' || locked.status === 'expired') {
        // Reopened: the places are taken again under the fees' locks, or the deal is refused with their message.
        const items = (await repo.itemsOf(tx, conferenceId, [id])).filter((i) => i.valid);
        await fees.hold(tx, conferenceId, { orderId: id, userId: Number(locked.user_id), lines: feeLines(items) });
        await repo.updateOrder(tx, conferenceId, id, { status: 'unpaid', open_slot: locked.type === 'hotel' ? null : locked.type, closed_at: null, deadline_at: toDbInstant(new Date(Math.max(fromDbInstant(locked.deadline_at)!.getTime(), now.getTime() + 24 * 3600 * 1000))) });
        // Another feature's holds (a hotel booking's nights) are taken again under its locks, or the deal is refused with its message.
        await this.orders.reopened(tx, conferenceId, locked, byManager(managerId));
      } else if (locked.status === 'invalid') {
        throw new AppError(409, 'orders:invalidItems', 'status');
      }
      if (input.status === 'unpaid') return null;
      const owed = await repo.owedOn(tx, conferenceId, locked);
      if (compareMoney(amount, owed) < 0) throw new AppError(400, 'orders:dealShort', 'actualPay', 400, { owed: formatMoney(owed, 'en') });
      // The payer chose a bank transfer: the deal confirms that transfer (its attempt succeeds, with
      // the manager's name), so the statement row that reports it later is matched to it, not
      // queued as a second payment (statement.ts).
      const transfer = await repo.openTransferOf(tx, conferenceId, id);
      if (transfer && transfer.currency === amount.currency && compareMoney(amount, moneyFromColumn(transfer.amount, transfer.currency)) >= 0) return settleNow(transfer.id, { amount, confirmedBy: managerId, at: now, by: byManager(managerId) });
      const attemptId = await repo.insertAttempt(tx, {
        conference_id: conferenceId, user_id: Number(locked.user_id), attempt_no: newAttemptNo(now), method: 'manual', state: 'pending',
        expires_at: toDbInstant(now), created_at: toDbInstant(now),
      }, owed, [{ orderId: id, owed }]);
      return settleNow(attemptId, { amount, confirmedBy: managerId, at: now, by: byManager(managerId) });
    });
    return this.one(conferenceId, id);
  }

  async itemsOfUser(conferenceId: number, userId: number): Promise<ItemOfUser[]> {
    const orders = (await this.db<repo.OrderRow>('orders').where({ conference_id: conferenceId, user_id: userId }).orderBy('id')) as repo.OrderRow[];
    const items = await repo.itemsOf(this.db, conferenceId, orders.map((o) => Number(o.id)));
    return items.map((i) => {
      const o = orders.find((x) => Number(x.id) === Number(i.order_id))!;
      const { id: _itemId, ...item } = presentItem(i, o.currency, o.display_currency || o.currency);
      return { orderId: Number(o.id), orderNo: o.order_no, type: o.type, status: o.status, ...item };
    });
  }

  async anomalies(conferenceId: number): Promise<AnomalyView[]> {
    const rows = await this.db('payment_anomalies as p')
      .leftJoin('orders as o', 'o.id', 'p.order_id')
      .leftJoin('payment_attempts as a', 'a.id', 'p.attempt_id')
      .where('p.conference_id', conferenceId)
      .orderByRaw('case when p.resolved_at is null then 0 else 1 end')
      .orderBy('p.id', 'desc')
      .limit(500)
      .select('p.*', 'o.order_no', 'a.attempt_no');
    return rows.map((r) => ({
      id: Number(r.id), kind: r.kind, orderNo: r.order_no ?? null, orderId: r.order_id == null ? null : Number(r.order_id), attemptNo: r.attempt_no ?? null,
      amount: r.amount == null || !r.currency ? null : moneyFromColumn(r.amount, r.currency), detail: r.detail ?? '',
      createdAt: fromDbInstant(r.created_at)!.toISOString(), resolvedAt: r.resolved_at ? fromDbInstant(r.resolved_at)!.toISOString() : null, resolution: r.resolution ?? '',
    }));
  }

  /** How many orders an export of the filter shows (whether it is answered at once or as a piece of work). */
  async exportCount(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, timeZone: string): Promise<number> {
    const count = (await filtered(this.db, conferenceId, await filterOf(this.db, conferenceId, q), zoneOffsetMs(timeZone)).count({ n: 'o.id' }).first()) as { n: number | string } | undefined;
    return Math.min(EXPORT_MAX, Number(count?.n ?? 0));
  }

  /**
   * The fingerprint of what an export of the filter shows: the orders' count and last change, and
   * the conference's payment attempts' (an order's method, reference and transaction come from them).
   */
  async exportVersion(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, timeZone: string): Promise<string> {
    type Stamp = { n: number | string; last: string | null } | undefined;
    const orders = (await filtered(this.db, conferenceId, await filterOf(this.db, conferenceId, q), zoneOffsetMs(timeZone)).count({ n: 'o.id' }).max({ last: 'o.updated_at' }).first()) as Stamp;
    const attempts = (await this.db('payment_attempts').where('conference_id', conferenceId).count({ n: '*' }).max({ last: 'updated_at' }).first()) as Stamp;
    // a refund changes no order row: the log's newest line stands for it
    return [...[orders, attempts].map((s) => `${Number(s?.n ?? 0)}@${s?.last ?? ''}`), await lastLogId(this.db, conferenceId)].join('|');
  }

  /** orders.xlsx: its orders sheet (table) and the log of those orders (log.ts) on a second one. */
  async sheets(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, lang: Lang, timeZone: string, progress: Progress = () => undefined): Promise<TableSheet[]> {
    const { sheet, orders } = await this.table(conferenceId, q, lang, timeZone, progress);
    return [sheet, await logSheet(this.db, conferenceId, orders, lang, timeZone)];
  }

  /**
   * orders.xlsx's sheet, a row per order of the filter (at most EXPORT_MAX), read a thousand
   * orders at a time: bounded queries, and progress between them.
   */
  private async table(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, lang: Lang, timeZone: string, progress: Progress): Promise<{ sheet: TableSheet; orders: Array<{ id: number; orderNo: string }> }> {
    const rows = (await filtered(this.db, conferenceId, await filterOf(this.db, conferenceId, q), zoneOffsetMs(timeZone)).orderBy('o.id').limit(EXPORT_MAX).select('o.*')) as repo.OrderRow[];
    // Amounts and times are number and date cells (issue 32): summed and sorted in the sheet; times in the conference's zone.
    const local = (iso: string | null) => instantCell(iso, timeZone);
    const columns = ['orderNo', 'type', 'name', 'email', 'items', 'category', 'currency', 'total', 'paid', 'status', 'transaction', 'method', 'reference', 'createdAt', 'deadline', 'paidAt', 'remark'];
    const head = [...columns.map((c) => t(lang, `orders:export.${c}`)), `${t(lang, 'orders:export.timeZone')}: ${timeZone}`];
    const body: TableCell[][] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const [views, people] = await Promise.all([this.orders.views(conferenceId, chunk), accountsByIds(this.db, chunk.map((r) => Number(r.user_id)))]);
      views.forEach((v, i) => {
        const person = people.get(Number(chunk[i].user_id));
        body.push([
          v.orderNo, t(lang, `orders:type.${v.type}`), person?.trueName ?? '', person?.email ?? '',
          v.items.map((item) => `${zhOrEn(item.titleZh, item.titleEn, lang)} × ${item.quantity}`).join('; '),
          // the fee categories of its lines, in the reader's language, each once (issue 32)
          [...new Set(v.items.map((item) => zhOrEn(item.categoryZh ?? '', item.categoryEn ?? '', lang)).filter(Boolean))].join('; '),
          v.total.currency, moneyCell(v.total), moneyCell(v.paid), t(lang, `orders:status.${v.status}`), t(lang, `orders:transaction.${v.transaction}`),
          v.method ? t(lang, `orders:methods.${v.method}`) : '', v.reference, local(v.createdAt), local(v.deadline), local(v.paidAt), chunk[i].remark ?? '',
        ]);
      });
      progress(start + chunk.length, rows.length, 'work:stage.reading');
    }
    const sheet = { name: t(lang, 'orders:export.sheet'), head, rows: body, widths: head.map(() => 18) };
    return { sheet, orders: rows.map((r) => ({ id: Number(r.id), orderNo: r.order_no })) };
  }
}
