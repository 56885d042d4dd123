/**
 * The managers' order work (spec 2.12 manage/order, 4, 5 "Order deal", 7 findItemById): the list
 * with its filters and an order as it shows there, the deal (deal.ts), the queue of payments
 * nobody asked for, a person's lines, and the Excel export (manageExport.ts).
 */
import type { Db } from '../../db/index';
import type {
  AnomalyView,
  DealInput,
  ItemOfUser,
  ManagedOrderView,
  OrderPage,
  OrderQuery,
} from '../../contract/orders';
import type { Lang } from '../../contract/enums';
import { AppError } from '../../platform/errors';
import type { TableSheet } from '../../platform/work/table';
import type { Progress } from '../../platform/work/types';
import { zoneOffsetMs } from '../../platform/localTime';
import { deal } from './deal';
import { exportCount, exportSheets, exportVersion } from './manageExport';
import * as manageRepo from './manageRepo';
import { presentAttempt, presentItem } from './present';
import { presentRefund, refundable, refundsOf } from './refunds';
import * as repo from './repo';
import type { OrderService } from './service';
import { logsOf } from './log';
import type { FeesPort } from './ports';

export { EXPORT_MAX } from './manageExport';

export class OrderManagement {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
  ) {}

  async managed(conferenceId: number, rows: repo.OrderRow[]): Promise<ManagedOrderView[]> {
    const ids = rows.map((r) => r.id);
    const views = await this.orders.views(conferenceId, rows);
    const attempts = await repo.attemptsOf(this.db, conferenceId, ids);
    const refunds = await refundsOf(this.db, conferenceId, ids);
    const left = await Promise.all(
      rows.map((r) =>
        refundable(
          this.db,
          this.orders.gateways,
          conferenceId,
          r,
          refunds.filter((f) => f.order_id === r.id),
        ),
      ),
    );
    const { logs, people } = await logsOf(
      this.db,
      conferenceId,
      ids,
      rows.map((r) => r.user_id),
    );
    const partsOf = new Map<number, Array<{ id: number; orderNo: string; status: repo.OrderRow['status'] }>>();
    for (const a of attempts) {
      const order = rows.find((r) => r.id === a.order_id)!;
      partsOf.set(a.id, [
        ...(partsOf.get(a.id) ?? []),
        { id: order.id, orderNo: order.order_no, status: order.status },
      ]);
    }
    return views.map((v, i) => {
      const person = people.get(rows[i].user_id);
      return {
        ...v,
        userId: rows[i].user_id,
        email: person?.email ?? '',
        name: person?.trueName ?? '',
        remark: rows[i].remark ?? '',
        attempts: attempts.filter((a) => a.order_id === v.id).map((a) => presentAttempt(a, partsOf.get(a.id) ?? [])),
        refunds: refunds.filter((f) => f.order_id === v.id).map(presentRefund),
        refundable: left[i],
        log: logs.get(v.id) ?? [],
      };
    });
  }

  async list(conferenceId: number, q: OrderQuery, timeZone: string): Promise<OrderPage> {
    const offset = zoneOffsetMs(timeZone);
    const total = await manageRepo.countOrders(this.db, conferenceId, q, offset);
    const rows = await manageRepo.pageOfOrders(this.db, conferenceId, q, offset, q);
    return { rows: await this.managed(conferenceId, rows), total, page: q.page, size: q.size };
  }

  /** The manager's "refresh": the gateways are asked about the order's open attempts first. */
  async refresh(conferenceId: number, id: number, now = new Date()): Promise<ManagedOrderView> {
    const open = (await repo.attemptsOf(this.db, conferenceId, [id])).filter(
      (a) => a.state === 'created' || a.state === 'pending',
    );
    for (const attempt of open) await this.orders.gateways.ask(conferenceId, attempt, now);
    return this.one(conferenceId, id);
  }

  async one(conferenceId: number, id: number): Promise<ManagedOrderView> {
    const row = await repo.findOrder(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'orders:notFound');
    return (await this.managed(conferenceId, [row]))[0];
  }

  /** The deal (deal.ts): paid with the amount that arrived, opened again, or cancelled; answers the order as it is then. */
  async deal(
    conferenceId: number,
    managerId: number,
    id: number,
    input: DealInput,
    fees: Pick<FeesPort, 'hold'>,
    now = new Date(),
  ): Promise<ManagedOrderView> {
    await deal(this.db, this.orders, conferenceId, managerId, id, input, fees, now);
    return this.one(conferenceId, id);
  }

  async itemsOfUser(conferenceId: number, userId: number): Promise<ItemOfUser[]> {
    const orders = await repo.ordersOfUser(this.db, conferenceId, userId);
    const items = await repo.itemsOf(
      this.db,
      conferenceId,
      orders.map((o) => o.id),
    );
    return items.map((i) => {
      const o = orders.find((x) => x.id === i.order_id)!;
      const { id: _itemId, ...item } = presentItem(i);
      return { orderId: o.id, orderNo: o.order_no, type: o.type, status: o.status, ...item };
    });
  }

  async anomalies(conferenceId: number): Promise<AnomalyView[]> {
    return (await repo.queuedAnomalies(this.db, conferenceId)).map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      resolvedAt: a.resolvedAt?.toISOString() ?? null,
    }));
  }

  /** How many orders an export of the filter shows (whether it is answered at once or as a piece of work). */
  async exportCount(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, timeZone: string): Promise<number> {
    return exportCount(this.db, conferenceId, q, timeZone);
  }

  /** The fingerprint of what an export of the filter shows (manageExport.ts). */
  async exportVersion(conferenceId: number, q: Omit<OrderQuery, 'page' | 'size'>, timeZone: string): Promise<string> {
    return exportVersion(this.db, conferenceId, q, timeZone);
  }

  /** orders.xlsx: its orders sheet and the log of those orders on a second one (manageExport.ts). */
  async sheets(
    conferenceId: number,
    q: Omit<OrderQuery, 'page' | 'size'>,
    lang: Lang,
    timeZone: string,
    progress: Progress = () => undefined,
  ): Promise<TableSheet[]> {
    return exportSheets(this.db, this.orders, conferenceId, q, lang, timeZone, progress);
  }
}
