/** Every method's provider, by name: the one place a new gateway is plugged in. */
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/payments';
import type { PaymentProvider } from './provider';
import { bankRemit } from './providers/bankRemit';
import { onlineProviders } from './providers/online';
import { otherMethod } from './providers/other';
import { postalRemit } from './providers/postalRemit';

export type ProviderRegistry = ReadonlyMap<PaymentMethod, PaymentProvider>;

/** `gatewayUrls`: the operator's overrides of the gateways' hosts (PAYMENT_GATEWAY_URLS), by method. */
export function providerRegistry(
  gatewayUrls: Readonly<Record<string, string>> = {},
  providers: readonly PaymentProvider[] = [...onlineProviders(gatewayUrls), bankRemit, postalRemit, otherMethod],
): ProviderRegistry {
  const map = new Map(providers.map((p) => [p.method, p] as const));
  const missing = PAYMENT_METHODS.filter((m) => !map.has(m));
  if (missing.length) throw new Error(`payment methods without a provider: ${missing.join(', ')}`);
  return map;
}
