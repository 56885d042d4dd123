/**
 * The rooming list of many reservations is a piece of work (issue 30): its rows read here, the
 * workbook written in the pool ('platform.table'); kept while the bookings, the hotels, their
 * rooms and the orders' payment states are as they were. A few hundred reservations are still
 * answered at once (routes.ts).
 */
import type { z } from 'zod';
import { hotelsApi } from '../../contract/hotels';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import type { HotelDesk } from './desk';

/** A rooming list of at most this many reservations is written while the request waits (well under a second); more is a piece of work. */
export const BOOKINGS_AT_ONCE = 300;

/** The rooming list's choice: one hotel, or all. */
export const roomingParams = hotelsApi.rooming.body as z.ZodType<{ hotelId?: number }>;

/** A file's bytes as they come back from a worker thread (a Uint8Array), as a Buffer without a copy. */
export function bytesOf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function hotelWork(desk: HotelDesk): WorkKind[] {
  const rooming: WorkKind<{ hotelId?: number }> = {
    name: 'hotels.rooming',
    params: roomingParams,
    version: async (asker, p) => [asker.lang, p.hotelId ?? 'all', await desk.roomingVersion(asker.conferenceId)].join('|'),
    run: async (ctx, p) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheets = await desk.roomingTable(ctx.conferenceId, ctx.lang, p.hotelId);
      ctx.progress(0, sheets.reduce((n, s) => n + s.rows.length, 0), 'work:stage.writing');
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets }, ctx.progress);
      return { file: { name: 'rooming.xlsx', contentType: XLSX_TYPE, bytes: bytesOf(book) } };
    },
  };
  return [rooming as WorkKind];
}
