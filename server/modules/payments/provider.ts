/**
 * The provider contract (issue 12 "The payment contract"): one implementation per method,
 * registered by name (registry.ts). A provider checks its configuration and starts a payment;
 * gateways (issue 13) also parse notifications, query, close and refund. The offline methods
 * answer instructions with the reference the payer writes on the transfer.
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
  lang: Lang;
  returnUrl: string;
  notifyUrl: string;
  /** the method's opened configuration (configOf), server only */
  config: MethodConfig;
};

export type StartResult =
  /** offline: what to pay to and the text to write on the transfer; `html` for the "other" method */
  | { kind: 'instructions'; reference: string; lines: Array<{ labelKey: string; value: string }>; html?: string }
  | { kind: 'qr'; content: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> };

/** An attempt as a gateway sees it (query, close, refund). */
export type AttemptRef = { conferenceId: number; attemptNo: string; amount: Money; providerRef: string | null; config: MethodConfig };

/** A gateway's callback, as the orders feature hands it over. */
export type NotificationRequest = { headers: Record<string, string | string[] | undefined>; query: Record<string, unknown>; body: unknown; rawBody?: Buffer };

/** What a provider says about an attempt, from a notification or a query. */
export type ProviderOutcome = { attemptNo: string; state: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired'; amount?: Money; providerRef?: string };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** paid through a gateway (true) or offline and confirmed by a manager (false) */
  readonly online: boolean;
  /** the zod schema of the method's whole configuration; its messages are i18n keys */
  readonly configSchema: z.ZodType<MethodConfig>;
  /** the fields sealed at rest and never sent to a browser */
  readonly secretFields: readonly string[];
  start(input: StartInput): Promise<StartResult>;
  parseNotification?(req: NotificationRequest, config: MethodConfig): Promise<ProviderOutcome>;
  query?(attempt: AttemptRef): Promise<ProviderOutcome>;
  close?(attempt: AttemptRef): Promise<void>;
  refund?(attempt: AttemptRef, amount: Money): Promise<void>;
}

/** The text to write on a transfer: the references of the orders it pays, so a statement line matches them all. */
export const transferReference = (orders: StartInput['orders']): string => orders.map((o) => o.reference).join(' ');
