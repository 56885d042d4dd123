/**
 * Orders and their payment (spec 2.10, 2.11, 3 "Order", 4, 5 "Order deal", 7 findItemById, 9): the
 * attendee's inputs and the endpoints, ordersApi (the managers' part is orderDesk.ts, what the API
 * answers orderViews.ts; both re-exported here, so importers name this file alone). No Node
 * imports here: the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { orderDeskApi } from './orderDesk';
import {
  orderId as id,
  orderIdParam as idParam,
  type AttemptView,
  type MyOrdersView,
  type OrderView,
  type PaymentStartView,
} from './orderViews';

export * from './orderViews';
export * from './orderDesk';

/** `1,2,3` in a path or a query: the orders paid together. */
export const orderIdList = z
  .string({ message: 'orders:notFound' })
  .max(400, 'orders:tooMany')
  .transform((s, ctx) => {
    const ids = [...new Set(s.split(',').map((p) => Number(p.trim())))];
    if (!ids.length || ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2 ** 31)) {
      ctx.addIssue({ code: 'custom', message: 'orders:notFound' });
      return z.NEVER;
    }
    if (ids.length > 20) {
      ctx.addIssue({ code: 'custom', message: 'orders:tooMany' });
      return z.NEVER;
    }
    return ids;
  });

export const feeChoice = z.object({
  picks: z
    .array(
      z.object({
        feeId: id,
        quantity: z.coerce
          .number({ message: 'orders:quantity' })
          .int('orders:quantity')
          .min(1, 'orders:quantity')
          .max(1000, 'orders:quantity'),
      }),
      { message: 'fees:chooseFee' },
    )
    .min(1, 'fees:chooseFee')
    .max(50, 'fees:chooseFee'),
  invitationCode: z.string().trim().max(64, 'fees:wrongCode').optional().default(''),
});
export type FeeChoice = z.infer<typeof feeChoice>;

export const startPayment = z.object({
  orderIds: z.array(id).min(1, 'orders:notFound').max(20, 'orders:tooMany'),
  method: z
    .string({ message: 'orders:methodRequired' })
    .min(1, 'orders:methodRequired')
    .max(16, 'orders:methodRequired'),
});

const attemptParam = z.object({ attemptNo: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'orders:attemptNotFound') });

const MINE = '/conference/order';

export const ordersApi = {
  // the attendee
  chooseFees: endpoint<{ orderIds: number[] }>()({
    method: 'POST',
    path: `${MINE}/fee`,
    body: feeChoice,
    done: 'orders:created',
  }),
  mine: endpoint<MyOrdersView>()({ method: 'GET', path: `${MINE}/list` }),
  cancel: endpoint<OrderView>()({
    method: 'POST',
    path: `${MINE}/:id/cancel`,
    params: idParam,
    done: 'orders:cancelled',
  }),
  remove: endpoint<null>()({ method: 'DELETE', path: `${MINE}/:id`, params: idParam, done: 'orders:removed' }),
  refresh: endpoint<OrderView>()({ method: 'POST', path: `${MINE}/:id/refresh`, params: idParam }),
  update: endpoint<OrderView | null>()({
    method: 'POST',
    path: `${MINE}/:id/update`,
    params: idParam,
    done: 'orders:updated',
  }),
  pay: endpoint<{ attemptNo: string; start: PaymentStartView }>()({
    method: 'POST',
    path: `${MINE}/pay`,
    body: startPayment,
  }),
  attempt: endpoint<AttemptView>()({ method: 'GET', path: `${MINE}/pay/result/:attemptNo`, params: attemptParam }),
  /** "Refresh status": asks the gateway (at most every few seconds per attempt), then answers the attempt */
  refreshAttempt: endpoint<AttemptView>()({
    method: 'POST',
    path: `${MINE}/pay/result/:attemptNo/refresh`,
    params: attemptParam,
  }),

  // managers (orderDesk.ts)
  ...orderDeskApi,
};
