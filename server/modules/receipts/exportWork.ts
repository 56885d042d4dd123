/**
 * receipts.xlsx of many invoice requests is a piece of work (issue 30): the rows read here, the
 * workbook written in the pool ('platform.table'); kept while the requests are as they were. A
 * few hundred are still answered at once (routes.ts).
 */
import type { z } from 'zod';
import { invoiceQuery } from '../../contract/receipts';
import type { Deps } from '../../platform/feature';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import { ReceiptManagement } from './manage';

/** An export of at most this many requests is written while the request waits (well under a second); more is a piece of work. */
export const REQUESTS_AT_ONCE = 500;

/** The export's filter: the list's, without its page. */
export const exportParams = invoiceQuery.omit({ page: true, size: true });
export type ExportParams = z.output<typeof exportParams>;

function exportKind(management: ReceiptManagement): WorkKind<ExportParams> {
  return {
    name: 'receipts.export',
    params: exportParams,
    version: async (asker, q) => [asker.timeZone, await management.exportVersion(asker.conferenceId, q)].join('|'),
    run: async (ctx, q) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheet = await management.table(ctx.conferenceId, q, ctx.lang, ctx.timeZone);
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets: [sheet] }, ctx.progress);
      return { file: { name: 'receipts.xlsx', contentType: XLSX_TYPE, bytes: Buffer.from(book) } };
    },
  };
}

// One per app: the route asks for the very kind the front door declares.
const kinds = new WeakMap<Deps, WorkKind<ExportParams>>();
export function receiptsExportOf(deps: Deps): WorkKind<ExportParams> {
  let kind = kinds.get(deps);
  if (!kind) kinds.set(deps, (kind = exportKind(new ReceiptManagement(deps.db))));
  return kind;
}
