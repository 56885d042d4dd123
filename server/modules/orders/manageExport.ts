/**
 * orders.xlsx (spec 2.12 manage/order "export"): a row per order of the list's filter, at most
 * EXPORT_MAX, and the log of those orders on a second sheet (log.ts); answered at once or, for
 * many orders, as a piece of work (exportWork.ts), kept while its fingerprint is the same.
 */
import type { Db } from '../../db/index';
import type { Lang } from '../../contract/enums';
import { t } from '../../platform/i18n';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { instantCell, moneyCell } from '../../platform/tableCells';
import type { Progress } from '../../platform/work/types';
import { zoneOffsetMs } from '../../platform/localTime';
import { zhOrEn } from '../../contract/bilingual';
import { accountsByIds } from '../accounts/index';
import { lastLogId, logSheet } from './log';
import * as manageRepo from './manageRepo';
import type { OrderFilter } from './manageRepo';
import type { OrderService } from './service';

/** The most orders one export holds (as before the pool: a sheet past this is not one a person reads). */
export const EXPORT_MAX = 50_000;

/** How many orders an export of the filter shows (whether it is answered at once or as a piece of work). */
export async function exportCount(db: Db, conferenceId: number, f: OrderFilter, timeZone: string): Promise<number> {
  return Math.min(EXPORT_MAX, await manageRepo.countOrders(db, conferenceId, f, zoneOffsetMs(timeZone)));
}

/**
 * The fingerprint of what an export of the filter shows: the orders' count and last change, and
 * the conference's payment attempts' (an order's method, reference and transaction come from them).
 */
export async function exportVersion(db: Db, conferenceId: number, f: OrderFilter, timeZone: string): Promise<string> {
  // a refund changes no order row: the log's newest line stands for it
  return [
    ...(await manageRepo.filterStamps(db, conferenceId, f, zoneOffsetMs(timeZone))),
    await lastLogId(db, conferenceId),
  ].join('|');
}

/** orders.xlsx: its orders sheet (table) and the log of those orders (log.ts) on a second one. */
export async function exportSheets(
  db: Db,
  orders: OrderService,
  conferenceId: number,
  f: OrderFilter,
  lang: Lang,
  timeZone: string,
  progress: Progress = () => undefined,
): Promise<TableSheet[]> {
  const { sheet, orders: shown } = await table(db, orders, conferenceId, f, lang, timeZone, progress);
  return [sheet, await logSheet(db, conferenceId, shown, lang, timeZone)];
}

/**
 * orders.xlsx's sheet, a row per order of the filter (at most EXPORT_MAX), read a thousand
 * orders at a time: bounded queries, and progress between them.
 */
async function table(
  db: Db,
  orders: OrderService,
  conferenceId: number,
  f: OrderFilter,
  lang: Lang,
  timeZone: string,
  progress: Progress,
): Promise<{ sheet: TableSheet; orders: Array<{ id: number; orderNo: string }> }> {
  const rows = await manageRepo.ordersOfFilter(db, conferenceId, f, zoneOffsetMs(timeZone), EXPORT_MAX);
  // Amounts and times are number and date cells (issue 32): summed and sorted in the sheet; times in the conference's zone.
  const local = (iso: string | null) => instantCell(iso, timeZone);
  const columns = [
    'orderNo',
    'type',
    'name',
    'email',
    'items',
    'category',
    'currency',
    'total',
    'paid',
    'status',
    'transaction',
    'method',
    'reference',
    'createdAt',
    'deadline',
    'paidAt',
    'remark',
  ];
  const head = [
    ...columns.map((c) => t(lang, `orders:export.${c}`)),
    `${t(lang, 'orders:export.timeZone')}: ${timeZone}`,
  ];
  const body: TableCell[][] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    const [views, people] = await Promise.all([
      orders.views(conferenceId, chunk),
      accountsByIds(
        db,
        chunk.map((r) => r.user_id),
      ),
    ]);
    views.forEach((v, i) => {
      const person = people.get(chunk[i].user_id);
      body.push([
        v.orderNo,
        t(lang, `orders:type.${v.type}`),
        person?.trueName ?? '',
        person?.email ?? '',
        v.items.map((item) => `${zhOrEn(item.titleZh, item.titleEn, lang)} × ${item.quantity}`).join('; '),
        // the fee categories of its lines, in the reader's language, each once (issue 32)
        [
          ...new Set(v.items.map((item) => zhOrEn(item.categoryZh ?? '', item.categoryEn ?? '', lang)).filter(Boolean)),
        ].join('; '),
        v.total.currency,
        moneyCell(v.total),
        moneyCell(v.paid),
        t(lang, `orders:status.${v.status}`),
        t(lang, `orders:transaction.${v.transaction}`),
        v.method ? t(lang, `orders:methods.${v.method}`) : '',
        v.reference,
        local(v.createdAt),
        local(v.deadline),
        local(v.paidAt),
        chunk[i].remark ?? '',
      ]);
    });
    progress(start + chunk.length, rows.length, 'work:stage.reading');
  }
  const sheet = { name: t(lang, 'orders:export.sheet'), head, rows: body, widths: head.map(() => 18) };
  return { sheet, orders: rows.map((r) => ({ id: r.id, orderNo: r.order_no })) };
}
