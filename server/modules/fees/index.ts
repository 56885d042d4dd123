/**
 * Fees (issue 12): the registration and optional fee items a conference charges for, which of
 * them apply to a person now, and the places orders hold of them (FeeService: applicable, quote,
 * hold, release). The orders feature builds on it.
 */
import { defineFeature } from '../../platform/feature';
import { feeApiRouter } from './routes';
import { feePageRouter } from './pages';
import { feesOverview } from './overview';
import { FeeService } from './service';
import { handle } from '../../platform/events';
import { countUnpaidHolders, markHoldsPaid } from './repo';

declare module '../../platform/feature' {
  interface FeatureServices {
    fees: FeeService;
  }
}

declare module '../../platform/events' {
  interface EventMap {
    /** a manager confirmed a new price of a fee: the unpaid orders holding it are invalid now (spec 4) */
    'fee.priceChanged': { conferenceId: number; feeId: number };
  }
}

export const feesFeature = defineFeature({
  name: 'fees',
  services: ({ db, events, limiter }) => ({
    fees: new FeeService(db, events, limiter, { unpaidOrdersHolding: countUnpaidHolders }),
  }),
  api: (deps) => [feeApiRouter(deps)],
  pages: (deps) => [feePageRouter(deps)],
  // A paid order's places stay held, but a later price change no longer concerns it.
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [feesOverview(db)],
  events: () => [handle('order.paid', (tx, { conferenceId, orderId }) => markHoldsPaid(tx, conferenceId, orderId))],
});
