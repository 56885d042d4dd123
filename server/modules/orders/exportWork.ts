/**
 * orders.xlsx of many orders is a piece of work (issue 30): the rows read here, a thousand orders
 * at a time, the workbook written in the pool ('platform.table'); kept while the orders and their
 * payment attempts are as they were. A few hundred orders are still answered at once (routes.ts).
 */
import { orderQuery } from '../../contract/orders';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import type { OrderManagement } from './manage';

/** An export of at most this many orders is written while the request waits (well under a second); more is a piece of work. */
export const ORDERS_AT_ONCE = 500;

/** The export's filter: the list's, without its page. */
export const exportParams = orderQuery.omit({ page: true, size: true });

/** A file's bytes as they come back from a worker thread (a Uint8Array), as a Buffer without a copy. */
export function bytesOf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function orderWork(management: OrderManagement): WorkKind[] {
  const excel: WorkKind<ReturnType<typeof exportParams.parse>> = {
    name: 'orders.export',
    params: exportParams,
    version: async (asker, q) => [asker.lang, asker.timeZone, await management.exportVersion(asker.conferenceId, q, asker.timeZone)].join('|'),
    run: async (ctx, q) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheet = await management.table(ctx.conferenceId, q, ctx.lang, ctx.timeZone, ctx.progress);
      ctx.progress(0, sheet.rows.length, 'work:stage.writing');
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets: [sheet] }, ctx.progress);
      return { file: { name: 'orders.xlsx', contentType: XLSX_TYPE, bytes: bytesOf(book) } };
    },
  };
  return [excel as WorkKind];
}
