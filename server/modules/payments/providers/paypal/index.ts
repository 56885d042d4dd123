/**
 * Online wallet: PayPal REST, Orders v2 with intent CAPTURE (developer.paypal.com/docs/api/orders/v2/).
 *
 * - start: an order created with `PayPal-Request-Id` = the attempt number (a retried create is the
 *   same order), then the payer approves it on PayPal's page (a redirect);
 * - the money moves only at capture: on the payer's return (confirmReturn), on the webhook
 *   CHECKOUT.ORDER.APPROVED, or when the reconciler finds the order approved. The capture is
 *   idempotent too (`PayPal-Request-Id` = capture-<attempt>), and its own status decides: a
 *   COMPLETED order can hold a DECLINED or PENDING capture, which is not a payment;
 * - the attempt's gateway reference is the order id, then `<order id>/<capture id>` once captured
 *   (refunds go to the capture);
 * - webhooks are verified by PayPal (POST /v1/notifications/verify-webhook-signature with the
 *   configured webhook id), after their transmission time is checked against a 5-minute window;
 *   that is an outbound call per callback, so the platform first reads what a webhook claims
 *   (claimOf, no call) and verifies only one naming an attempt waiting for PayPal (orders/gateway.ts);
 * - PayPal orders cannot be cancelled through the API: an unapproved order expires by itself
 *   (after 3 hours), so there is no close.
 */
import { parseAmount, toDecimalString, type Money } from '../../../../contract/money';
import type { MethodConfig } from '../../../../contract/payments';
import { AppError } from '../../../../platform/errors';
import { gatewayRequest, jsonOf, type GatewayResponse } from '../../http';
import {
  gatewayBase,
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type NotificationClaim,
  type NotificationRequest,
  type PaymentProvider,
  type ProviderOutcome,
} from '../../provider';
import { configOfMethod } from '../fields';

const HOSTS = { production: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' };
const SKEW_MS = 5 * 60_000;

type Capture = {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  invoice_id?: string;
  create_time?: string;
};
type Order = {
  id: string;
  status: string;
  links?: Array<{ rel: string; href: string }>;
  purchase_units?: Array<{ invoice_id?: string; payments?: { captures?: Capture[] } }>;
};

/** A PayPal amount ("100.50", "5000" for JPY) as Money; undefined when it is not one. */
function moneyOf(amount: Capture['amount']): Money | undefined {
  if (!amount) return undefined;
  const parsed = parseAmount(amount.value, amount.currency_code);
  return parsed.ok ? parsed.money : undefined;
}

function outcomeOfCapture(attemptNo: string, orderId: string, capture: Capture | undefined): ProviderOutcome {
  if (!capture) return { attemptNo, state: 'pending', providerRef: orderId };
  const state =
    capture.status === 'COMPLETED'
      ? 'succeeded'
      : capture.status === 'DECLINED' || capture.status === 'FAILED'
        ? 'failed'
        : 'pending';
  return {
    attemptNo,
    state,
    amount: state === 'succeeded' ? moneyOf(capture.amount) : undefined,
    providerRef: `${orderId}/${capture.id}`,
    paidAt: capture.create_time ? new Date(capture.create_time) : undefined,
  };
}

/** Currencies PayPal takes in whole units although ISO 4217 gives them two decimals. */
const WHOLE_AT_PAYPAL = new Set(['HUF', 'TWD']);

/** An amount as PayPal's `value`: ISO decimals, or whole units where PayPal wants them (never rounded). */
function valueOf(m: Money): string {
  if (!WHOLE_AT_PAYPAL.has(m.currency)) return toDecimalString(m);
  if (m.amount % 100 !== 0) throw new AppError(400, 'payments:currencyNotSupported');
  return String(m.amount / 100);
}

type WebhookEvent = {
  event_type?: string;
  resource?: Capture & Order & { supplementary_data?: { related_ids?: { order_id?: string } } };
};

const ATTEMPT_NO = /^[A-Za-z0-9]{1,32}$/;
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * A webhook read without asking PayPal: its transmission headers (present, sent within the last
 * five minutes), its JSON body, and what it claims — the attempt (invoice_id) and PayPal order id
 * of an event we act on, null for any other event. Cheap on purpose: the platform checks the
 * claim against its attempts before it spends a call to PayPal on verifying (orders/gateway.ts).
 */
function readEvent(
  req: NotificationRequest,
  now: Date,
): { event: WebhookEvent; claim: NotificationClaim | null; headers: Record<string, string> } {
  const h = (name: string) => String(req.headers[name] ?? '');
  const [id, time, sig, certUrl, algo] = [
    'paypal-transmission-id',
    'paypal-transmission-time',
    'paypal-transmission-sig',
    'paypal-cert-url',
    'paypal-auth-algo',
  ].map(h);
  if (!id || !time || !sig || !certUrl || !algo)
    throw new NotificationRefused('unsigned (a PayPal-Transmission header is missing)');
  const sent = Date.parse(time);
  if (!Number.isFinite(sent) || Math.abs(now.getTime() - sent) > SKEW_MS)
    throw new NotificationRefused(`stale transmission time ${time.slice(0, 40)}`);
  let event: WebhookEvent;
  try {
    event = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    throw new NotificationRefused('unreadable body');
  }
  if (!event || typeof event !== 'object') throw new NotificationRefused('unreadable body');
  const headers = {
    auth_algo: algo,
    cert_url: certUrl,
    transmission_id: id,
    transmission_sig: sig,
    transmission_time: time,
  };
  const r = event.resource;
  let attemptNo: unknown;
  let orderId: unknown;
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED')
    [attemptNo, orderId] = [r?.purchase_units?.[0]?.invoice_id, r?.id];
  else if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' || event.event_type === 'PAYMENT.CAPTURE.DENIED')
    [attemptNo, orderId] = [r?.invoice_id, r?.supplementary_data?.related_ids?.order_id];
  else return { event, claim: null, headers };
  if (typeof attemptNo !== 'string' || !ATTEMPT_NO.test(attemptNo)) throw new NotificationRefused('no invoice_id');
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) throw new NotificationRefused('no order id');
  return { event, claim: { attemptNo, gatewayRef: orderId }, headers };
}

/** Access tokens by client id, until shortly before they expire (PayPal's last about nine hours). */
const tokens = new Map<string, { token: string; until: number }>();

export function paypalProvider(options: { baseUrl?: string } = {}): PaymentProvider {
  const base = (config: MethodConfig) => gatewayBase(HOSTS, config, options.baseUrl);

  async function token(config: MethodConfig): Promise<string> {
    const key = `${base(config)}|${config.clientId}|${config.clientSecret.length}`;
    const known = tokens.get(key);
    if (known && known.until > Date.now()) return known.token;
    const res = await gatewayRequest({
      method: 'POST',
      url: `${base(config)}/v1/oauth2/token`,
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = jsonOf<{ access_token?: string; expires_in?: number; error?: string }>(res, 'oauth2/token');
    if (res.status !== 200 || !answer.access_token)
      throw new GatewayError(`oauth2/token: HTTP ${res.status} ${answer.error ?? ''}`.trim(), res.status);
    if (tokens.size > 500) tokens.clear();
    tokens.set(key, {
      token: answer.access_token,
      until: Date.now() + Math.max(0, (answer.expires_in ?? 0) - 300) * 1000,
    });
    return answer.access_token;
  }

  async function api(
    config: MethodConfig,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    requestId?: string,
  ): Promise<GatewayResponse> {
    const res = await gatewayRequest({
      method,
      url: `${base(config)}${path}`,
      headers: {
        Authorization: `Bearer ${await token(config)}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 500) throw new GatewayError(`${method} ${path}: HTTP ${res.status}`, res.status);
    return res;
  }

  const failure = (what: string, res: GatewayResponse) => {
    const e = res.body ? jsonOf<{ name?: string; details?: Array<{ issue?: string }> }>(res, what) : {};
    return new GatewayError(
      `${what}: HTTP ${res.status} ${e.name ?? ''} ${e.details?.[0]?.issue ?? ''}`.trim(),
      res.status,
    );
  };

  const orderIdOf = (attempt: AttemptRef): string => {
    const id = attempt.providerRef?.split('/')[0];
    if (!id) throw new GatewayError(`${attempt.attemptNo}: no PayPal order id was kept`);
    return id;
  };

  async function getOrder(config: MethodConfig, id: string): Promise<Order> {
    const res = await api(config, 'GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (res.status !== 200) throw failure('get order', res);
    return jsonOf<Order>(res, 'get order');
  }

  /** Captures an approved order (or reads the capture of one captured before) and says what its capture says. */
  async function capture(config: MethodConfig, attemptNo: string, orderId: string): Promise<ProviderOutcome> {
    const res = await api(
      config,
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      {},
      `capture-${attemptNo}`,
    );
    let order: Order;
    if (res.status === 200 || res.status === 201) order = jsonOf<Order>(res, 'capture');
    else if (res.status === 422 && res.body.includes('ORDER_ALREADY_CAPTURED')) order = await getOrder(config, orderId);
    else if (res.status === 422 && res.body.includes('ORDER_NOT_APPROVED'))
      return { attemptNo, state: 'pending', providerRef: orderId };
    else throw failure('capture', res);
    return outcomeOfCapture(attemptNo, orderId, order.purchase_units?.[0]?.payments?.captures?.[0]);
  }

  async function query(attempt: AttemptRef): Promise<ProviderOutcome> {
    const orderId = orderIdOf(attempt);
    const order = await getOrder(attempt.config, orderId);
    // Approved but never captured (the payer did not come back, the webhook was lost): capture now.
    if (order.status === 'APPROVED') return capture(attempt.config, attempt.attemptNo, orderId);
    if (order.status === 'COMPLETED')
      return outcomeOfCapture(attempt.attemptNo, orderId, order.purchase_units?.[0]?.payments?.captures?.[0]);
    if (order.status === 'VOIDED') return { attemptNo: attempt.attemptNo, state: 'canceled', providerRef: orderId };
    return { attemptNo: attempt.attemptNo, state: 'pending', providerRef: orderId };
  }

  return {
    method: 'onlineWallet',
    online: true,
    ...configOfMethod('onlineWallet'),

    checkConfig(config) {
      if (!/^[\w-]{1,200}$/.test(config.webhookId))
        throw new AppError(400, 'payments:webhookIdInvalid', { field: 'webhookId' });
    },

    async start(input) {
      const res = await api(
        input.config,
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.attemptNo,
              invoice_id: input.attemptNo,
              custom_id: input.passback.slice(0, 127),
              description: input.subject.slice(0, 127),
              amount: { currency_code: input.amount.currency, value: valueOf(input.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: `${input.returnUrl}?cancel=1`,
                locale: input.lang === 'zh' ? 'zh-CN' : 'en-US',
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        input.attemptNo,
      );
      if (res.status !== 200 && res.status !== 201) throw failure('create order', res);
      const order = jsonOf<Order>(res, 'create order');
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!approve || !/^https?:\/\//.test(approve)) throw new GatewayError('create order: no approval link');
      return { kind: 'redirect', url: approve, providerRef: order.id };
    },

    confirmReturn: (attempt) => query(attempt),
    query,

    claimOf: (req, now) => readEvent(req, now).claim,

    async parseNotification(req, config, now) {
      const { event, claim, headers } = readEvent(req, now);
      // An event we do not act on is acknowledged without asking PayPal: it changes nothing.
      if (!claim) return null;
      const res = await api(config, 'POST', '/v1/notifications/verify-webhook-signature', {
        ...headers,
        webhook_id: config.webhookId,
        webhook_event: event,
      });
      if (
        res.status !== 200 ||
        jsonOf<{ verification_status?: string }>(res, 'verify webhook').verification_status !== 'SUCCESS'
      )
        throw new NotificationRefused('PayPal did not verify the signature');
      const r = event.resource!;
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED') return capture(config, claim.attemptNo, r.id);
      return outcomeOfCapture(claim.attemptNo, claim.gatewayRef, r);
    },

    notificationReply: (ok) => ({ status: ok ? 200 : 400, contentType: 'text/plain', body: '' }),

    async refund(attempt, refund) {
      const captureId = attempt.providerRef?.split('/')[1];
      if (!captureId) throw new GatewayError(`${attempt.attemptNo}: no capture to refund`);
      const res = await api(
        attempt.config,
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          amount: { currency_code: refund.amount.currency, value: valueOf(refund.amount) },
          note_to_payer: refund.reason.slice(0, 255) || undefined,
        },
        refund.refundNo,
      );
      if (res.status === 422)
        return {
          state: 'failed',
          detail: jsonOf<{ details?: Array<{ issue?: string }> }>(res, 'refund').details?.[0]?.issue ?? 'UNPROCESSABLE',
        };
      if (res.status !== 200 && res.status !== 201) throw failure('refund', res);
      const answer = jsonOf<{ id?: string; status?: string }>(res, 'refund');
      return {
        state: answer.status === 'COMPLETED' ? 'succeeded' : answer.status === 'PENDING' ? 'pending' : 'failed',
        providerRef: answer.id,
        detail: answer.status,
      };
    },
  };
}
