/**
 * What orders needs of the fees and payments features, named here so the order rules read
 * without either: the front door (index.ts) hands in `deps.fees` and `deps.payments`, which
 * implement these.
 */
import type { Db, Tx } from '../../db/index';
import type { Money } from '../../contract/money';
import type { PaymentStartView } from '../../contract/orders';

export type FeePerson = { userId: number; country: string; lang: 'zh' | 'en'; invitationCode?: string; today: string };

export type QuotedLine = { feeId: number; kind: 'register' | 'optional'; category: string; titleZh: string; titleEn: string; unit: Money; quantity: number; priceVersion: number };

export interface FeesPort {
  quote(conn: Db | Tx, conferenceId: number, person: FeePerson, picks: Array<{ feeId: number; quantity: number }>): Promise<QuotedLine[]>;
  hold(tx: Tx, conferenceId: number, hold: { orderId: number; userId: number; lines: Array<{ feeId: number; quantity: number }> }): Promise<void>;
  release(tx: Tx, conferenceId: number, orderId: number): Promise<number>;
}

export type StartInput = { conferenceId: number; attemptNo: string; amount: Money; orders: Array<{ orderNo: string; reference: string }>; subject: string; passback: string; expiresAt: Date; lang: 'zh' | 'en'; returnUrl: string; notifyUrl: string; config: unknown };

export interface PaymentsPort {
  methodsFor(conferenceId: number, plan: 'general' | 'hotel'): Promise<Array<{ method: string; online: boolean }>>;
  combinedAllowed(conferenceId: number): Promise<boolean>;
  provider(method: string): { online: boolean; start(input: StartInput): Promise<PaymentStartView> } | undefined;
  configOf(conferenceId: number, method: string): Promise<unknown>;
}
