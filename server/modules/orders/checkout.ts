/**
 * The person paying (spec 2.11, 8): which of their orders may be paid together and by which
 * methods, starting a payment (a new attempt with a new number, then the provider's answer), and
 * reading or refreshing an attempt. The money's arrival is OrderService.settleAndMail's (settle.ts).
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { AttemptView, OrderView, PaymentStartView } from '../../contract/orders';
import { zhOrEn } from '../../contract/bilingual';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { newAttemptNo } from './numbers';
import type { PaymentsPort } from './ports';
import { presentAttempt } from './present';
import * as repo from './repo';
import type { OrderService } from './service';

/** How long an announced transfer keeps its order alive while the money travels (bank and postal remittance). */
export const OFFLINE_WAIT_MS = 10 * 24 * 3600 * 1000;
/** How long an online payment may take once started. */
export const ONLINE_WAIT_MS = 2 * 3600 * 1000;

export type PayUrls = { returnUrl: string; notifyUrl: string };

/** What the payer's wallet shows: the orders' lines in the page's language, cut to 120 characters. */
function subjectOf(orders: OrderView[], lang: 'zh' | 'en'): string {
  const titles = orders.flatMap((o) => o.items.filter((i) => i.valid).map((i) => zhOrEn(i.titleZh, i.titleEn, lang)));
  const text = [...new Set(titles)].join(', ') || orders.map((o) => o.orderNo).join(', ');
  return [...text].slice(0, 120).join('');
}

export class OrderCheckout {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly payments: () => PaymentsPort,
  ) {}

  /** The orders a person may pay together now, or the reason they may not (spec 8's messages). */
  async payable(
    conferenceId: number,
    userId: number,
    ids: number[],
    now = new Date(),
  ): Promise<{ orders: OrderView[]; plan: 'general' | 'hotel'; methods: Array<{ method: string; online: boolean }> }> {
    const rows: repo.OrderRow[] = [];
    for (const id of ids) rows.push(await this.orders.own(conferenceId, userId, id));
    const orders = await this.orders.views(conferenceId, rows, now);
    if (orders.some((o) => o.status === 'invalid')) throw new AppError(409, 'orders:invalidItems');
    if (orders.some((o) => !o.can.pay)) throw new AppError(409, 'orders:cannotPay');
    if (new Set(orders.map((o) => o.total.currency)).size > 1) throw new AppError(400, 'orders:mixedCurrency');
    if (orders.length > 1 && !(await this.payments().combinedAllowed(conferenceId)))
      throw new AppError(409, 'orders:combinedNotAllowed');
    const hotel = orders.filter((o) => o.type === 'hotel').length;
    if (hotel && hotel !== orders.length) throw new AppError(409, 'orders:combinedNotAllowed');
    const plan = hotel ? 'hotel' : 'general';
    const methods = await this.payments().methodsFor(conferenceId, plan);
    if (!methods.length) throw new AppError(409, 'orders:noPayConfig');
    return { orders, plan, methods };
  }

  /**
   * Starts a payment: a new attempt with a new number (every start, until the orders are paid),
   * for what the orders still owe, then the provider's answer (instructions, a QR code, a
   * redirect, a form). The attempt is written before the provider is asked, so a provider that
   * answers late or twice always finds it.
   */
  async startPayment(
    conferenceId: number,
    userId: number,
    ids: number[],
    method: string,
    lang: 'zh' | 'en',
    urls: PayUrls,
    now = new Date(),
  ): Promise<{ attemptNo: string; start: PaymentStartView }> {
    const { orders, methods } = await this.payable(conferenceId, userId, ids, now);
    const chosen = methods.find((m) => m.method === method);
    if (!chosen) throw new AppError(400, 'orders:methodNotAllowed', { field: 'method' });
    const provider = this.payments().provider(method);
    if (!provider) throw new AppError(400, 'orders:methodNotAllowed', { field: 'method' });
    const attemptNo = newAttemptNo(now);
    const currency = orders[0].total.currency;
    const attemptId = await inTransaction(this.db, async (tx) => {
      const locked = await repo.lockOrders(tx, conferenceId, ids);
      if (locked.length !== ids.length || locked.some((o) => o.status !== 'unpaid'))
        throw new AppError(409, 'orders:cannotPay');
      const { parts, total } = await repo.partsOf(tx, conferenceId, locked, currency);
      if (total.amount <= 0) throw new AppError(409, 'orders:cannotPay');
      return repo.insertAttempt(
        tx,
        {
          conference_id: conferenceId,
          user_id: userId,
          attempt_no: attemptNo,
          method,
          state: 'created',
          expires_at: toDbInstant(new Date(now.getTime() + (provider.online ? ONLINE_WAIT_MS : OFFLINE_WAIT_MS))),
          created_at: toDbInstant(now),
        },
        total,
        parts,
      );
    });
    const attempt = (await repo.findAttempt(this.db, conferenceId, attemptNo))!;
    const config = await this.payments().configOf(conferenceId, method);
    if (!config) {
      await repo.finishAttempt(this.db, conferenceId, attemptId, 'failed');
      throw new AppError(400, 'orders:noPayConfig', { field: 'method' });
    }
    try {
      const { providerRef, ...start } = await provider.start({
        conferenceId,
        attemptNo,
        amount: attempt.amount,
        orders: orders.map((o) => ({ orderNo: o.orderNo, reference: o.reference })),
        lang,
        subject: subjectOf(orders, lang),
        passback: `cp${conferenceId}-${attemptNo}`,
        startedAt: attempt.created_at,
        expiresAt: attempt.expires_at,
        returnUrl: urls.returnUrl.replace(':attemptNo', attemptNo),
        notifyUrl: urls.notifyUrl.replace(':attemptNo', attemptNo),
        config,
      });
      await repo.updateAttempt(this.db, conferenceId, attemptId, {
        state: 'pending',
        ...(providerRef ? { provider_ref: providerRef } : {}),
      });
      // Every opening of the pay page is a new attempt; the older ones stop at their gateways.
      if (provider.online) await this.orders.gateways.closeOlder(conferenceId, ids, attemptNo);
      return { attemptNo, start };
    } catch (err) {
      await repo.updateAttempt(this.db, conferenceId, attemptId, { state: 'failed' });
      if (err instanceof AppError) throw err;
      logger.error({ err, attemptNo, method }, 'payment start failed at the gateway');
      throw new AppError(502, 'orders:payException');
    }
  }

  async attempt(conferenceId: number, userId: number | null, attemptNo: string): Promise<AttemptView> {
    const a = await repo.findAttempt(this.db, conferenceId, attemptNo);
    if (!a || (userId !== null && a.user_id !== userId)) throw new AppError(404, 'orders:attemptNotFound');
    const parts = await repo.ordersOfAttempt(this.db, conferenceId, a.id);
    const orders = await repo.ordersByIds(
      this.db,
      conferenceId,
      parts.map((p) => p.order_id),
    );
    return presentAttempt(
      a,
      orders.map((o) => ({ id: o.id, orderNo: o.order_no, status: o.status })),
    );
  }

  /** "Refresh status" (spec 2.11): the gateway is asked about the person's attempt, then the attempt is answered. */
  async refreshAttempt(
    conferenceId: number,
    userId: number | null,
    attemptNo: string,
    now = new Date(),
  ): Promise<AttemptView> {
    const a = await repo.findAttempt(this.db, conferenceId, attemptNo);
    if (!a || (userId !== null && a.user_id !== userId)) throw new AppError(404, 'orders:attemptNotFound');
    await this.orders.gateways.ask(conferenceId, a, now);
    return this.attempt(conferenceId, userId, attemptNo);
  }
}
