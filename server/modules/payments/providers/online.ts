/**
 * The gateway methods (issue 13), each built with its host override (PAYMENT_GATEWAY_URLS). A
 * method whose gateway is not implemented is configurable but cannot start a payment.
 */
import { ONLINE_METHODS, type PaymentMethod } from '../../../contract/payments';
import { AppError } from '../../../platform/errors';
import type { PaymentProvider } from '../provider';
import { configOfMethod } from './fields';
import { alipayProvider } from './alipay';
import { paypalProvider } from './paypal';
import { unionPayProvider } from './unionPay';
import { wechatPayProvider } from './wechatPay';

function notYetOnline(method: PaymentMethod): PaymentProvider {
  return {
    method,
    online: true,
    ...configOfMethod(method),
    async start() {
      throw new AppError(400, 'payments:notYetOnline');
    },
  };
}

type Factory = (baseUrl: string | undefined) => PaymentProvider;
const GATEWAYS: Partial<Record<PaymentMethod, Factory>> = {
  walletA: (baseUrl) => wechatPayProvider({ baseUrl }),
  walletB: (baseUrl) => alipayProvider({ baseUrl }),
  onlineWallet: (baseUrl) => paypalProvider({ baseUrl }),
  cardForeign: (baseUrl) => unionPayProvider('cardForeign', { baseUrl }),
  cardDomestic: (baseUrl) => unionPayProvider('cardDomestic', { baseUrl }),
};

export function onlineProviders(gatewayUrls: Readonly<Record<string, string>>): PaymentProvider[] {
  return ONLINE_METHODS.map((method) => GATEWAYS[method]?.(gatewayUrls[method]) ?? notYetOnline(method));
}
