/**
 * What orders needs of the fees and payments features, named here so the order rules read
 * without either: the front door (index.ts) hands in `deps.fees` and `deps.payments`, which
 * implement these.
 */
import type { Db, Tx } from '../../db/index';
import type { Money } from '../../contract/money';
import type { MethodConfig } from '../../contract/payments';
import type { PaymentProvider } from '../payments';

export type FeePerson = { userId: number; country: string; lang: 'zh' | 'en'; invitationCode?: string; today: string };

export type QuotedLine = {
  feeId: number;
  kind: 'register' | 'optional';
  categoryZh: string;
  categoryEn: string;
  titleZh: string;
  titleEn: string;
  unit: Money;
  displayCurrency: string;
  /** the unit price in the fee's display currency */ display: Money;
  quantity: number;
  priceVersion: number;
};

export interface FeesPort {
  quote(
    conn: Db | Tx,
    conferenceId: number,
    person: FeePerson,
    picks: Array<{ feeId: number; quantity: number }>,
  ): Promise<QuotedLine[]>;
  hold(
    tx: Tx,
    conferenceId: number,
    hold: { orderId: number; userId: number; lines: Array<{ feeId: number; quantity: number }> },
  ): Promise<void>;
  release(tx: Tx, conferenceId: number, orderId: number): Promise<number>;
}

/** A method's provider as orders uses it (the payments feature's contract, through its front door). */
export type Provider = PaymentProvider;

export interface PaymentsPort {
  methodsFor(conferenceId: number, plan: 'general' | 'hotel'): Promise<Array<{ method: string; online: boolean }>>;
  combinedAllowed(conferenceId: number): Promise<boolean>;
  provider(method: string): Provider | undefined;
  configOf(conferenceId: number, method: string): Promise<MethodConfig | null>;
}
