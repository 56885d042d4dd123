/**
 * The platform's unit (organisation) list: read by everyone's forms, kept by super admins
 * (spec 7 "Other lists", 9). No Node imports here: the islands bundle it.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { orEmpty } from './validation';

import { unitSearchEndpoint, type UnitPage, type UnitRow } from './unitSearch';

export type { UnitPage, UnitRow };

/** A unit as a super admin writes it; titles are unique in each language. */
export const unitInput = z.object({
  zhTitle: z.string().trim().min(1, 'units:titleRequired').max(300, 'units:titleTooLong'),
  enTitle: z.string().trim().min(1, 'units:titleRequired').max(300, 'units:titleTooLong'),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export type UnitInput = z.infer<typeof unitInput>;

// The described client asks for page 1, size 99999 (spec 9).
export const unitQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100_000).default(99_999),
  query: z.string().trim().max(100).optional(),
});

const unitIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('commonMsg.notFound')
    .max(2 ** 31),
});

const ADMIN = '/platform/admin/units';

export const unitsApi = {
  /** For everyone's forms: the query in the body, as the described client sends it. */
  find: endpoint<UnitPage>()({
    method: unitSearchEndpoint.method,
    path: unitSearchEndpoint.path,
    body: orEmpty(unitQuery),
  }),
  list: endpoint<UnitPage>()({ method: 'GET', path: ADMIN, query: unitQuery }),
  create: endpoint<UnitRow>()({ method: 'POST', path: ADMIN, body: unitInput, done: 'units:saved' }),
  update: endpoint<UnitRow>()({
    method: 'PUT',
    path: `${ADMIN}/:id`,
    params: unitIdParam,
    body: unitInput,
    done: 'units:saved',
  }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${ADMIN}/:id`, params: unitIdParam, done: 'units:deleted' }),
};
