/**
 * The five gateway methods: configurable now (their fields are checked and sealed like any other),
 * payable with issue 13. Until then a payment cannot start with them.
 */
import { ONLINE_METHODS, type PaymentMethod } from '../../../contract/payments';
import { AppError } from '../../../platform/errors';
import type { PaymentProvider } from '../provider';
import { configOfMethod } from './fields';

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

export const onlineProviders: readonly PaymentProvider[] = ONLINE_METHODS.map(notYetOnline);
