/**
 * receipts.xlsx of many invoice requests is a piece of work (issue 30): the rows read here, the
 * workbook written in the pool ('platform.table'); kept while the requests are as they were. A
 * few hundred are still answered at once (routes.ts).
 */
import { invoiceQuery } from '../../contract/receipts';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import type { ReceiptManagement } from './manage';

/** An export of at most this many requests is written while the request waits (well under a second); more is a piece of work. */
export const REQUESTS_AT_ONCE = 500;

/** The export's filter: the list's, without its page. */
export const exportParams = invoiceQuery.omit({ page: true, size: true });

/** A file's bytes as they come back from a worker thread (a Uint8Array), as a Buffer without a copy. */
export function bytesOf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function receiptWork(management: ReceiptManagement): WorkKind[] {
  const excel: WorkKind<ReturnType<typeof exportParams.parse>> = {
    name: 'receipts.export',
    params: exportParams,
    version: async (asker, q) => [asker.lang, asker.timeZone, await management.exportVersion(asker.conferenceId, q)].join('|'),
    run: async (ctx, q) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheet = await management.table(ctx.conferenceId, q, ctx.lang, ctx.timeZone);
      ctx.progress(0, sheet.rows.length, 'work:stage.writing');
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets: [sheet] }, ctx.progress);
      return { file: { name: 'receipts.xlsx', contentType: XLSX_TYPE, bytes: bytesOf(book) } };
    },
  };
  return [excel as WorkKind];
}
