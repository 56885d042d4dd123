/**
 * Payments: the conference's payment configuration (plans, combined payment, the eight methods
 * with their sealed secrets) and the provider contract every method implements. Orders ask it
 * for a plan's methods, a provider and its configuration; it knows nothing of orders.
 */
import { defineFeature } from '../../platform/feature';
import { paymentsPageRouter } from './pages';
import { paymentsRouter } from './routes';
import { PaymentService } from './service';
import { providerRegistry } from './registry';

export type {
  AttemptRef,
  GatewayReply,
  NotificationClaim,
  NotificationRequest,
  PaymentProvider,
  ProviderOutcome,
  RefundOutcome,
  RefundRequest,
  StartInput,
  StartResult,
} from './provider';
export { GatewayError, NotificationRefused } from './provider';

declare module '../../platform/feature' {
  interface FeatureServices {
    payments: PaymentService;
  }
}

export const paymentsFeature = defineFeature({
  name: 'payments',
  services: ({ db, config }) => ({
    payments: new PaymentService(db, config.secret, providerRegistry(config.PAYMENT_GATEWAY_URLS)),
  }),
  api: (deps) => [paymentsRouter(deps)],
  pages: (deps) => [paymentsPageRouter(deps)],
  // Spec 2.12's order: website, pay, register, email.
  manageMenu: [
    { href: '/platform/config/pay', labelKey: 'payments:menu.config', group: 'customization', order: 95, who: 'admin' },
  ],
});
