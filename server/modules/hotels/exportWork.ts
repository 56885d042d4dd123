/**
 * The rooming list of many reservations is a piece of work (issue 30): its rows read here, the
 * workbook written in the pool ('platform.table'); kept while the bookings, the hotels, their
 * rooms and the orders' payment states are as they were. A few hundred reservations are still
 * answered at once (routes.ts).
 */
import type { z } from 'zod';
import { hotelsApi } from '../../contract/hotels';
import type { Deps } from '../../platform/feature';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';

/** A rooming list of at most this many reservations is written while the request waits (well under a second); more is a piece of work. */
export const BOOKINGS_AT_ONCE = 300;

type RoomingParams = { hotelId?: number };

function roomingKind(deps: Deps): WorkKind<RoomingParams> {
  return {
    name: 'hotels.rooming',
    params: hotelsApi.rooming.body as z.ZodType<RoomingParams>,
    version: (asker) => deps.hotelDesk.roomingVersion(asker.conferenceId),
    run: async (ctx, p) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const sheets = await deps.hotelDesk.roomingTable(ctx.conferenceId, ctx.lang, p.hotelId);
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets }, ctx.progress);
      return { file: { name: 'rooming.xlsx', contentType: XLSX_TYPE, bytes: Buffer.from(book) } };
    },
  };
}

// One per app: the route asks for the very kind the front door declares.
const kinds = new WeakMap<Deps, WorkKind<RoomingParams>>();
export function roomingOf(deps: Deps): WorkKind<RoomingParams> {
  let kind = kinds.get(deps);
  if (!kind) kinds.set(deps, (kind = roomingKind(deps)));
  return kind;
}
