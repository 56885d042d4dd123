/**
 * A PayPal REST fake (OAuth client credentials, Orders v2, captures, refunds, webhook verification)
 * for the tests. Creates and captures are idempotent on PayPal-Request-Id as PayPal's are; the
 * approval page is a plain HTML page; webhooks are signed with the fake's own key
 * (`transmission_id|time|webhook_id|crc32(body)`, SHA256withRSA) and verified by its
 * verify-webhook-signature, which refuses an event that differs from what was sent.
 * `pay()` plays the payer approving: the webhook it returns is CHECKOUT.ORDER.APPROVED, so the
 * platform captures. `declineNextCapture()` makes a COMPLETED order hold a DECLINED capture.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import zlib from 'node:zlib';
import { parseAmount, toDecimalString } from '../../server/contract/money';
import { listen, readBody, type FakeGateway, type FakeNotification, type NotificationFault } from './gateway';
import { rsaKeyPair } from './pki';

type Order = {
  id: string;
  status: string;
  attemptNo: string;
  amount: number;
  currency: string;
  subject: string;
  passback: string;
  returnUrl: string;
  captureAmount?: number;
  captureCurrency?: string;
  capture?: { id: string; status: string; amount: number; currency: string };
  refunds: Map<string, { id: string; amount: number }>;
};

const CLIENT = { id: 'AcT3stClientId', secret: 'EcT3stClientSecret' };
const WEBHOOK_ID = '8PT597110X687430LKGECATA';

/** What the fake saw of the platform's calls: every request, the webhook verifications, the most verifications in flight at once. */
export type PaypalTraffic = { calls: number; verifications: number; maxConcurrentVerifications: number };

export async function startPaypalFake(): Promise<
  FakeGateway & {
    approve(attemptNo: string): void;
    declineNextCapture(): void;
    captures: number;
    traffic: PaypalTraffic;
    slowVerification(ms: number): void;
    resetTraffic(): void;
  }
> {
  const key = rsaKeyPair();
  const orders = new Map<string, Order>();
  const byAttempt = new Map<string, string>();
  const requestIds = new Map<string, string>();
  const sentBodies = new Map<string, string>();
  let declineNext = false;
  let captures = 0;
  const traffic: PaypalTraffic = { calls: 0, verifications: 0, maxConcurrentVerifications: 0 };
  let verifying = 0;
  let verifyDelayMs = 0;
  // PayPal posts every webhook to the one URL registered for it: the conference's address for them.
  const webhookUrlOf = (o: Order) => `${new URL(o.returnUrl).origin}/payment/notify/onlineWallet/webhook`;
  const token = crypto.randomBytes(12).toString('hex');

  const json = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const unprocessable = (res: http.ServerResponse, issue: string) =>
    json(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] });
  const minor = (value: string, currency: string) => {
    const p = parseAmount(value, currency);
    return p.ok ? p.money.amount : NaN;
  };
  const view = (o: Order) => ({
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    links: [
      { rel: 'payer-action', href: `${url}/checkoutnow?token=${o.id}`, method: 'GET' },
      { rel: 'self', href: `${url}/v2/checkout/orders/${o.id}`, method: 'GET' },
    ],
    purchase_units: [
      {
        reference_id: o.attemptNo,
        invoice_id: o.attemptNo,
        custom_id: o.passback,
        description: o.subject,
        amount: { currency_code: o.currency, value: toDecimalString({ amount: o.amount, currency: o.currency }) },
        payments: o.capture
          ? {
              captures: [
                {
                  id: o.capture.id,
                  status: o.capture.status,
                  invoice_id: o.attemptNo,
                  amount: {
                    currency_code: o.capture.currency,
                    value: toDecimalString({ amount: o.capture.amount, currency: o.capture.currency }),
                  },
                },
              ],
            }
          : undefined,
      },
    ],
  });
  const crc32 = (text: string) => zlib.crc32(Buffer.from(text, 'utf8'));

  const { url, server } = await listen(async (req, res) => {
    traffic.calls++;
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const auth = String(req.headers.authorization ?? '');
    if (path === '/v1/oauth2/token') {
      if (auth !== `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`)
        return json(res, 401, { error: 'invalid_client' });
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (path === '/checkoutnow') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>PayPal (test)</title><button id="approve">Pay Now</button>');
    }
    if (auth !== `Bearer ${token}`) return json(res, 401, { name: 'AUTHENTICATION_FAILURE' });
    const input = body ? JSON.parse(body) : {};
    const requestId = String(req.headers['paypal-request-id'] ?? '');
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      if (requestId && requestIds.has(requestId)) return json(res, 200, view(orders.get(requestIds.get(requestId)!)!));
      const unit = input.purchase_units?.[0];
      const amount = minor(unit?.amount?.value ?? '', unit?.amount?.currency_code ?? '');
      if (!(amount > 0)) return unprocessable(res, 'INVALID_PARAMETER_VALUE');
      const id = crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: Order = {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        attemptNo: unit.invoice_id,
        amount,
        currency: unit.amount.currency_code,
        subject: unit.description,
        passback: unit.custom_id ?? '',
        returnUrl: input.payment_source?.paypal?.experience_context?.return_url ?? '',
        refunds: new Map(),
      };
      orders.set(id, order);
      byAttempt.set(order.attemptNo, id);
      if (requestId) requestIds.set(requestId, id);
      return json(res, 200, view(order));
    }
    if (req.method === 'GET' && (m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(m[1]);
      return order ? json(res, 200, view(order)) : json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }
    if (req.method === 'POST' && (m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) {
      const order = orders.get(m[1]);
      if (!order) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (order.capture)
        return requestId === `capture-${order.attemptNo}`
          ? json(res, 201, view(order))
          : unprocessable(res, 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return unprocessable(res, 'ORDER_NOT_APPROVED');
      captures++;
      order.capture = {
        id: crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: declineNext ? 'DECLINED' : 'COMPLETED',
        amount: order.captureAmount ?? order.amount,
        currency: order.captureCurrency ?? order.currency,
      };
      declineNext = false;
      order.status = 'COMPLETED';
      return json(res, 201, view(order));
    }
    if (req.method === 'POST' && (m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      const order = [...orders.values()].find((o) => o.capture?.id === m![1]);
      if (!order?.capture || order.capture.status !== 'COMPLETED')
        return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      const known = order.refunds.get(requestId);
      if (!known) {
        const amount = minor(input.amount?.value ?? '', input.amount?.currency_code ?? '');
        const refunded = [...order.refunds.values()].reduce((a, r) => a + r.amount, 0);
        if (!(amount > 0) || refunded + amount > order.capture.amount)
          return unprocessable(res, 'REFUND_AMOUNT_EXCEEDED');
        order.refunds.set(requestId, { id: crypto.randomBytes(8).toString('hex').toUpperCase(), amount });
      }
      return json(res, 201, { id: order.refunds.get(requestId)!.id, status: 'COMPLETED' });
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      traffic.verifications++;
      traffic.maxConcurrentVerifications = Math.max(traffic.maxConcurrentVerifications, ++verifying);
      if (verifyDelayMs) await new Promise((resolve) => setTimeout(resolve, verifyDelayMs));
      verifying--;
      const original = sentBodies.get(input.transmission_id);
      const genuine =
        input.cert_url === `${url}/v1/notifications/certs/CERT-FAKE-1` &&
        input.webhook_id === WEBHOOK_ID &&
        original !== undefined &&
        original === JSON.stringify(input.webhook_event) &&
        crypto
          .createVerify('RSA-SHA256')
          .update(`${input.transmission_id}|${input.transmission_time}|${WEBHOOK_ID}|${crc32(original)}`)
          .verify(key.publicKeyPem, input.transmission_sig, 'base64');
      return json(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
    }
    json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  });

  const orderOf = (attemptNo: string) => {
    const order = orders.get(byAttempt.get(attemptNo) ?? '');
    if (!order) throw new Error(`the fake knows no order ${attemptNo}`);
    return order;
  };

  function notification(
    attemptNo: string,
    options: { amount?: number; currency?: string; fault?: NotificationFault } = {},
  ): FakeNotification {
    const order = orderOf(attemptNo);
    if (order.status === 'VOIDED') throw new Error(`${attemptNo} is closed at the gateway`);
    if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    if (options.amount !== undefined) order.captureAmount = options.amount;
    if (options.currency !== undefined) order.captureCurrency = options.currency;
    let body = JSON.stringify({
      id: `WH-${crypto.randomBytes(8).toString('hex')}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'checkout-order',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      summary: 'An order has been approved by buyer',
      resource: view(order),
    });
    const id = crypto.randomUUID();
    const time = new Date(options.fault === 'stale' ? Date.now() - 10 * 60_000 : Date.now()).toISOString();
    sentBodies.set(id, body);
    const signer = options.fault === 'serial' ? rsaKeyPair() : key;
    const sig = crypto
      .createSign('RSA-SHA256')
      .update(`${id}|${time}|${WEBHOOK_ID}|${crc32(body)}`)
      .sign(signer.privateKeyPem, 'base64');
    const certUrl = `${url}/v1/notifications/certs/${options.fault === 'serial' ? 'CERT-UNKNOWN' : 'CERT-FAKE-1'}`;
    if (options.fault === 'byte') body = body.replace('"summary":"An', '"summary":"an');
    const headers: Record<string, string> =
      options.fault === 'unsigned'
        ? {}
        : {
            'PAYPAL-TRANSMISSION-ID': id,
            'PAYPAL-TRANSMISSION-TIME': time,
            'PAYPAL-TRANSMISSION-SIG': sig,
            'PAYPAL-CERT-URL': certUrl,
            'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
          };
    return { url: webhookUrlOf(order), headers: { ...headers, 'Content-Type': 'application/json' }, body };
  }

  return {
    url,
    get captures() {
      return captures;
    },
    traffic,
    slowVerification: (ms) => {
      verifyDelayMs = ms;
    },
    resetTraffic: () => {
      Object.assign(traffic, { calls: 0, verifications: 0, maxConcurrentVerifications: 0 });
    },
    config: () => ({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      webhookId: WEBHOOK_ID,
      environment: 'production',
    }),
    order: (attemptNo) => {
      const o = orders.get(byAttempt.get(attemptNo) ?? '');
      return (
        o && {
          state: o.status,
          amount: o.amount,
          currency: o.currency,
          notifyUrl: webhookUrlOf(o),
          subject: o.subject,
          passback: o.passback,
        }
      );
    },
    pay: (attemptNo, options = {}) => {
      return notification(attemptNo, options);
    },
    approve: (attemptNo) => {
      const o = orderOf(attemptNo);
      if (o.status === 'PAYER_ACTION_REQUIRED') o.status = 'APPROVED';
    },
    declineNextCapture: () => {
      declineNext = true;
    },
    expire: (attemptNo) => {
      const o = orderOf(attemptNo);
      if (!o.capture) o.status = 'VOIDED';
    },
    refunds: (attemptNo) =>
      [
        ...(
          orders.get(byAttempt.get(attemptNo) ?? '')?.refunds ?? new Map<string, { id: string; amount: number }>()
        ).entries(),
      ].map(([refundNo, r]) => ({ refundNo, amount: r.amount })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
