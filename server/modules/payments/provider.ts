/**
 * The provider contract (issue 12 "The payment contract", issue 13): one implementation per method,
 * registered by name (registry.ts). A provider checks its configuration and starts a payment; the
 * gateways (providers/<gateway>/) also verify notifications, query, close and refund.
 *
 * A provider never touches the database: it speaks its gateway's protocol and says what the
 * gateway said (ProviderOutcome). The orders feature decides what that does (settle.ts), checks
 * the amount and currency against the attempt, and answers the gateway only after its change is
 * committed (notificationReply).
 */
import type { z } from 'zod';
import type { Lang } from '../../contract/enums';
import type { Money } from '../../contract/money';
import type { MethodConfig, PaymentMethod } from '../../contract/payments';

export type StartInput = {
  conferenceId: number;
  /** the attempt's number: letters and digits, at most 32 */
  attemptNo: string;
  amount: Money;
  /** the orders this attempt pays; `reference` is each order's short code for transfers */
  orders: Array<{ orderNo: string; reference: string }>;
  /** what the payer sees in the wallet or on the statement ("第十届…会议 注册费"): at most 120 characters, any script */
  subject: string;
  /** the gateway hands it back untouched in notifications (WeChat attach, Alipay passback_params, PayPal custom_id, UnionPay reqReserved); may hold any printable character, `%` included */
  passback: string;
  /** when the attempt began (UnionPay's txnTime, which its query must repeat: AttemptRef.createdAt is the same instant) */
  startedAt: Date;
  /** when the gateway must stop taking the attempt */
  expiresAt: Date;
  lang: Lang;
  returnUrl: string;
  notifyUrl: string;
  /** the method's opened configuration (configOf), server only */
  config: MethodConfig;
};

/**
 * What a payment start answers the payer's browser. An online one may also name the gateway's own
 * id of the payment (`providerRef`: PayPal's order id, needed to capture it); the orders feature
 * keeps it on the attempt and never sends it to the browser.
 */
export type StartResult =
  /** offline: what to pay to and the text to write on the transfer; `html` for the "other" method */
  (
    | { kind: 'instructions'; reference: string; lines: Array<{ labelKey: string; value: string }>; html?: string }
    /** a code the payer scans with the wallet's app; `expiresAt` (ISO) is when the gateway stops taking it */
    | { kind: 'qr'; content: string; expiresAt: string }
    | { kind: 'redirect'; url: string }
    | { kind: 'form'; action: string; fields: Record<string, string> }
  ) & { providerRef?: string };

/** An attempt as a gateway sees it (query, close, refund). `createdAt` is when it began (UnionPay's query needs it). */
export type AttemptRef = {
  conferenceId: number;
  attemptNo: string;
  amount: Money;
  providerRef: string | null;
  createdAt: Date;
  config: MethodConfig;
};

/** A gateway's callback, as the orders feature hands it over: headers in lower case, the body exactly as it came. */
export type NotificationRequest = {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string>;
  rawBody: Buffer;
};

/**
 * What a provider says about an attempt, from a notification, a query or a capture. `amount` is
 * what the gateway says was paid, in the currency it says (the orders feature compares it with
 * the attempt and flags a mismatch); `providerRef` the gateway's own transaction id.
 */
export type ProviderOutcome = {
  attemptNo: string;
  state: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';
  amount?: Money;
  providerRef?: string;
  paidAt?: Date;
};

/** A refund request: `refundNo` is ours and the gateway's idempotency key (the same number twice refunds once). */
export type RefundRequest = {
  refundNo: string;
  amount: Money;
  reason: string;
  /** where a gateway that answers refunds later posts the result (UnionPay's backUrl) */ notifyUrl?: string;
};
export type RefundOutcome = { state: 'succeeded' | 'pending' | 'failed'; providerRef?: string; detail?: string };

/**
 * A callback that is not genuine or not readable (bad signature, unknown certificate serial,
 * stale timestamp, malformed body). `reason` is for the log and the managers' screen; the
 * gateway is answered with the provider's refusal, and nothing changes.
 */
export class NotificationRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotificationRefused';
  }
}

/**
 * The gateway could not be reached or answered something unreadable or an error. `detail` is
 * for the log; the payer sees 'Payment exception, please contact administrator.' (spec 8).
 */
export class GatewayError extends Error {
  constructor(
    readonly detail: string,
    readonly status?: number,
  ) {
    super(detail);
    this.name = 'GatewayError';
  }
}

/** What the gateway must be answered (its protocol fixes it: Alipay wants exactly `success`); `retryAfterSeconds` for a 503. */
export type GatewayReply = { status: number; contentType: string; body: string; retryAfterSeconds?: number };

/**
 * What a callback says it is about, read without verifying it: the attempt number and the
 * gateway's own id of the payment (PayPal's order id). Trusted for nothing but deciding whether
 * the callback is worth verifying.
 */
export type NotificationClaim = { attemptNo: string; gatewayRef: string };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** paid through a gateway (true) or offline and confirmed by a manager (false) */
  readonly online: boolean;
  /** the zod schema of the method's whole configuration; its messages are i18n keys */
  readonly configSchema: z.ZodType<MethodConfig>;
  /** the fields sealed at rest and never sent to a browser */
  readonly secretFields: readonly string[];
  /**
   * Rewrites fields as they are kept before the schema reads them (Alipay's keys pasted as bare
   * base64 become PEM); a value that cannot be read throws AppError(400, key, field). Runs on every
   * save of the method, drafts included.
   */
  normalizeConfig?(config: MethodConfig): MethodConfig;
  /** checks what the schema cannot (a key that parses, a password that opens the key file); throws AppError(400, key, field) */
  checkConfig?(config: MethodConfig): void;
  start(input: StartInput): Promise<StartResult>;
  /**
   * Verifies and reads a gateway's callback; throws NotificationRefused when it is not genuine.
   * null: genuine but about nothing this platform acts on (another event type): acknowledged.
   */
  parseNotification?(req: NotificationRequest, config: MethodConfig, now: Date): Promise<ProviderOutcome | null>;
  /**
   * For a gateway whose verification is itself a call to the gateway (PayPal): what the callback
   * claims, read with no call and no signature check, so that the platform spends an outbound call
   * only on a callback naming an attempt that waits for this gateway (orders/gateway.ts). null: an
   * event the platform does not act on (acknowledged unverified: it changes nothing). Throws
   * NotificationRefused when the callback is not even well formed (headers, time, body).
   */
  claimOf?(req: NotificationRequest, now: Date): NotificationClaim | null;
  /** the answer to a callback: `ok` after the change committed (or nothing to do), else a refusal the gateway retries */
  notificationReply?(ok: boolean): GatewayReply;
  /** the payer came back on the return URL: PayPal captures the approved order here; the others are asked (query) */
  confirmReturn?(attempt: AttemptRef, query: Record<string, string>): Promise<ProviderOutcome>;
  query?(attempt: AttemptRef): Promise<ProviderOutcome>;
  /** stops the gateway taking the attempt (a newer one opened, or it expired); a gateway that cannot is asked nothing */
  close?(attempt: AttemptRef): Promise<void>;
  refund?(attempt: AttemptRef, refund: RefundRequest): Promise<RefundOutcome>;
}

/** Where a gateway is: the operator's override (PAYMENT_GATEWAY_URLS), else its sandbox or production host. */
export type GatewayHosts = { production: string; sandbox: string };
export function gatewayBase(hosts: GatewayHosts, config: MethodConfig, override?: string): string {
  return override ?? (config.environment === 'sandbox' ? hosts.sandbox : hosts.production);
}

/** The text to write on a transfer: the references of the orders it pays, so a statement line matches them all. */
export const transferReference = (orders: StartInput['orders']): string => orders.map((o) => o.reference).join(' ');
