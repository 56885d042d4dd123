/**
 * orders.xlsx of many orders is a piece of work (issue 30): the rows read here, a thousand orders
 * at a time, the workbook written in the pool ('platform.table'); kept while the orders and their
 * payment attempts are as they were. A few hundred orders are still answered at once (routes.ts).
 */
import type { z } from 'zod';
import { orderQuery } from '../../contract/orders';
import type { Deps } from '../../platform/feature';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';

/** An export of at most this many orders is written while the request waits (well under a second); more is a piece of work. */
export const ORDERS_AT_ONCE = 500;

/** The export's filter: the list's, without its page. */
export const exportParams = orderQuery.omit({ page: true, size: true });
export type ExportParams = z.output<typeof exportParams>;

function exportKind(deps: Deps): WorkKind<ExportParams> {
  const management = deps.orderDesk;
  return {
    name: 'orders.export',
    params: exportParams,
    version: async (asker, q) =>
      [asker.timeZone, await management.exportVersion(asker.conferenceId, q, asker.timeZone)].join('|'),
    run: async (ctx, q) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheets = await management.sheets(ctx.conferenceId, q, ctx.lang, ctx.timeZone, ctx.progress);
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets }, ctx.progress);
      return { file: { name: 'orders.xlsx', contentType: XLSX_TYPE, bytes: Buffer.from(book) } };
    },
  };
}

// One per app: the route asks for the very kind the front door declares.
const kinds = new WeakMap<Deps, WorkKind<ExportParams>>();
export function ordersExportOf(deps: Deps): WorkKind<ExportParams> {
  let kind = kinds.get(deps);
  if (!kind) kinds.set(deps, (kind = exportKind(deps)));
  return kind;
}
