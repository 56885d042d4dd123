/**
 * attendance.xlsx of many people is a piece of work (issue 30's mechanism): the rows read here,
 * the workbook written in the pool ('platform.table'), kept while the check-ins are as they were.
 * A few hundred are answered at once (routes.ts).
 */
import { z } from 'zod';
import type { Deps } from '../../platform/feature';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import { Attendance } from './attendance';

/** An export of at most this many people is written while the request waits; more is a piece of work. */
export const ATTENDANCE_AT_ONCE = 500;

const exportParams = z.object({ q: z.string().max(100).optional() });
type ExportParams = z.output<typeof exportParams>;

function exportKind(attendance: Attendance): WorkKind<ExportParams> {
  return {
    name: 'checkin.attendance',
    params: exportParams,
    version: async (asker, p) => [asker.timeZone, p.q ?? '', await attendance.version(asker.conferenceId)].join('|'),
    run: async (ctx, p) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheet = await attendance.table(ctx.conferenceId, p.q, ctx.lang, ctx.timeZone, ctx.progress);
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets: [sheet] }, ctx.progress);
      return { file: { name: 'attendance.xlsx', contentType: XLSX_TYPE, bytes: Buffer.from(book) } };
    },
  };
}

// One per app: the route asks for the very kind the front door declares.
const kinds = new WeakMap<Deps, WorkKind<ExportParams>>();
export function attendanceExportOf(deps: Deps): WorkKind<ExportParams> {
  let kind = kinds.get(deps);
  if (!kind) kinds.set(deps, (kind = exportKind(new Attendance(deps.db))));
  return kind;
}
