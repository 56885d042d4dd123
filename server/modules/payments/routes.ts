/** The managers' payment configuration calls (spec 3 "Payment config"). Never a secret's value in an answer. */
import { Router } from 'express';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { route } from '../../platform/route';
import { paymentsApi } from '../../contract/payments';

export function paymentsRouter({ payments }: Deps): Router {
  const router = Router();
  route(router, paymentsApi.config, access('manager'), async (_input, req) => payments.settingsView(conferenceOf(req)));
  route(router, paymentsApi.saveConfig, access('manager'), async ({ body }, req) =>
    payments.save(conferenceOf(req), body),
  );
  return router;
}
