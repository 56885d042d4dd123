/**
 * The gateway methods (issue 13, docs/payment-gateways.md), each built with the operator's host
 * override for it (PAYMENT_GATEWAY_URLS).
 */
import type { PaymentMethod } from '../../../contract/payments';
import type { PaymentProvider } from '../provider';
import { alipayProvider } from './alipay';
import { paypalProvider } from './paypal';
import { unionPayProvider } from './unionPay';
import { wechatPayProvider } from './wechatPay';

type Factory = (baseUrl: string | undefined) => PaymentProvider;

const GATEWAYS: Record<
  Extract<PaymentMethod, 'cardForeign' | 'cardDomestic' | 'walletA' | 'walletB' | 'onlineWallet'>,
  Factory
> = {
  cardForeign: (baseUrl) => unionPayProvider('cardForeign', { baseUrl }),
  cardDomestic: (baseUrl) => unionPayProvider('cardDomestic', { baseUrl }),
  walletA: (baseUrl) => wechatPayProvider({ baseUrl }),
  walletB: (baseUrl) => alipayProvider({ baseUrl }),
  onlineWallet: (baseUrl) => paypalProvider({ baseUrl }),
};

export function onlineProviders(gatewayUrls: Readonly<Record<string, string>>): PaymentProvider[] {
  return Object.entries(GATEWAYS).map(([method, make]) => make(gatewayUrls[method]));
}
