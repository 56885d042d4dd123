/**
 * The unit (organisation) list as the forms read it, without zod: the attendee's registration form
 * suggests units from it, and a public form page loads no zod (docs/performance.md). units.ts
 * adds the server's schema to the same endpoint and re-exports these. No Node imports here.
 */
import type { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint';

export type UnitRow = { id: number; zhTitle: string; enTitle: string; sort: number };
export type UnitPage = { rows: UnitRow[]; total: number };

const FIND = '/home/company/findByQuery';

/** Type only: the search as a caller gives it (units.ts checks it). */
type UnitSearch = { page?: number | string; size?: number | string; query?: string } | undefined;

export const unitSearchEndpoint = endpoint<UnitPage>()({ method: 'POST', path: FIND }) as unknown as Endpoint<
  'POST',
  typeof FIND,
  z.ZodType<unknown, UnitSearch>,
  undefined,
  undefined,
  UnitPage
>;
