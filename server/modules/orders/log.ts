/**
 * The order log (issue 35): who did what to an order, and when. The orders feature raises an event
 * for every change it makes (index.ts declares them: 'order.created', 'order.paid', 'order.closed',
 * 'order.reopened', and 'order.noted' for the changes that leave the status as it was), each
 * carrying who acted; the handlers below write one line per event into `order_log`, in the
 * transaction of the change. So a line commits with its change or not at all, and another
 * feature (the overview, an audit) can listen to the same events.
 *
 * Lines are never changed, but for one thing: erasing a person's data blanks the remark a
 * 'remarked' line copied (personalData.ts). The manager's order detail shows them (manage.ts) and orders.xlsx has
 * them on a sheet of their own (logSheet).
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { type Money } from '../../contract/money';
import type { Lang } from '../../contract/enums';
import { logDetailText, type OrderActorKind, type OrderLogAction, type OrderLogEntry } from '../../contract/orderLog';
import { handle, type Subscription } from '../../platform/events';
import { t } from '../../platform/i18n';
import { instantCell, moneyCell } from '../../platform/tableCells';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { accountsByIds, type Account } from '../accounts/index';
import * as logRepo from './logRepo';

/** Who acted: the person who owns the order, a manager, a gateway's notification, a statement import (with the manager who ran it), or the platform itself. */
export type OrderActor = { kind: OrderActorKind; userId?: number | null };

export const PLATFORM: OrderActor = { kind: 'platform' };
export const GATEWAY: OrderActor = { kind: 'gateway' };
export const byPerson = (userId: number): OrderActor => ({ kind: 'person', userId });
export const byManager = (userId: number): OrderActor => ({ kind: 'manager', userId });
/** The statement import, with the manager who ran it. */
export const byStatement = (managerId: number): OrderActor => ({ kind: 'statement', userId: managerId });

/** The changes that leave an order's status as it was, raised as 'order.noted'. */
export type OrderNote = Extract<
  OrderLogAction,
  'updated' | 'repriced' | 'remarked' | 'refundRequested' | 'refunded' | 'refundFailed' | 'statementMatched'
>;

type LogLine = { orderId: number; by: OrderActor; action: OrderLogAction; amount?: Money | null; detail?: string };

async function write(tx: Tx, conferenceId: number, line: LogLine): Promise<void> {
  await logRepo.insertLogLine(tx, {
    conference_id: conferenceId,
    order_id: line.orderId,
    at: toDbInstant(),
    actor: line.by.kind,
    actor_user_id: line.by.userId ?? null,
    action: line.action,
    amount: line.amount?.amount ?? null,
    currency: line.amount?.currency ?? null,
    detail: (line.detail ?? '').slice(0, 200),
  });
}

/** The handlers that write the log: orders' own, subscribed with its other handlers. */
export function orderLogHandlers(): readonly Subscription[] {
  return [
    handle('order.created', (tx, p) =>
      write(tx, p.conferenceId, { orderId: p.orderId, by: p.by, action: 'created', amount: p.total }),
    ),
    handle('order.paid', (tx, p) =>
      write(tx, p.conferenceId, {
        orderId: p.orderId,
        by: p.by,
        action: 'paid',
        amount: p.amount,
        detail: `${p.method} ${p.attemptNo}`,
      }),
    ),
    handle('order.closed', (tx, p) =>
      write(tx, p.conferenceId, {
        orderId: p.orderId,
        by: p.by,
        action: p.status === 'invalid' ? 'invalidated' : p.status,
        detail: p.reason ?? '',
      }),
    ),
    handle('order.reopened', (tx, p) =>
      write(tx, p.conferenceId, { orderId: p.orderId, by: p.by, action: 'reopened' }),
    ),
    handle('order.noted', (tx, p) =>
      write(tx, p.conferenceId, {
        orderId: p.orderId,
        by: p.by,
        action: p.action,
        amount: p.amount ?? null,
        detail: p.detail ?? '',
      }),
    ),
  ];
}

/**
 * The log of each of these orders, oldest line first, with the names of the people who acted; the
 * accounts are read once, with those of `alsoPeople` (the order desk's owners), and answered too.
 */
export async function logsOf(
  db: Db,
  conferenceId: number,
  orderIds: number[],
  alsoPeople: number[] = [],
): Promise<{ logs: Map<number, OrderLogEntry[]>; people: Map<number, Account> }> {
  const rows = await logRepo.logRowsOf(db, conferenceId, orderIds);
  const people = await accountsByIds(db, [
    ...alsoPeople,
    ...rows.flatMap((r) => (r.actor_user_id == null ? [] : [r.actor_user_id])),
  ]);
  const logs = new Map<number, OrderLogEntry[]>(orderIds.map((id) => [id, []]));
  for (const r of rows) {
    const person = r.actor_user_id == null ? undefined : people.get(r.actor_user_id);
    logs.get(r.order_id)?.push({
      at: r.at.toISOString(),
      actor: r.actor,
      who: person ? { name: person.trueName ?? '', email: person.email } : null,
      action: r.action,
      amount: r.amount,
      detail: r.detail,
    });
  }
  return { logs, people };
}

/** The newest line's id of the conference's log: part of orders.xlsx's version (exportWork.ts), as a refund changes no order row. */
export { lastLogId } from './logRepo';

/** orders.xlsx's second sheet: every line of the log of the exported orders, in the conference's time zone. (Not named 'History': Excel keeps that name for itself.) */
export async function logSheet(
  db: Db,
  conferenceId: number,
  orders: Array<{ id: number; orderNo: string }>,
  lang: Lang,
  timeZone: string,
): Promise<TableSheet> {
  const columns = ['orderNo', 'at', 'actor', 'who', 'action', 'currency', 'amount', 'detail'];
  const head = [
    ...columns.map((c) => t(lang, `orders:log.column.${c}`)),
    `${t(lang, 'orders:export.timeZone')}: ${timeZone}`,
  ];
  const body: TableCell[][] = [];
  for (let start = 0; start < orders.length; start += 1000) {
    const chunk = orders.slice(start, start + 1000);
    const { logs } = await logsOf(
      db,
      conferenceId,
      chunk.map((o) => o.id),
    );
    for (const o of chunk) {
      for (const line of logs.get(o.id) ?? []) {
        body.push([
          o.orderNo,
          instantCell(line.at, timeZone),
          t(lang, `orders:log.actor.${line.actor}`),
          line.who ? `${line.who.name} <${line.who.email}>` : '',
          t(lang, `orders:log.action.${line.action}`),
          line.amount?.currency ?? '',
          moneyCell(line.amount),
          logDetailText(line, (key) => t(lang, key)),
        ]);
      }
    }
  }
  return { name: t(lang, 'orders:log.sheet'), head, rows: body, widths: [18, 18, 12, 30, 18, 8, 12, 30, 18] };
}
