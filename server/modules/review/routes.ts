/** The review configuration's calls (server/contract/review.ts): managers only, thin handlers. */
import { Router } from 'express';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { route } from '../../platform/route';
import { reviewApi as api } from '../../contract/review';

export function reviewApiRouter({ reviewConfig: config }: Deps): Router {
  const router = Router();
  route(router, api.config, access('manager'), async (_input, req) => config.config(conferenceOf(req)));
  route(router, api.saveSettings, access('manager'), async ({ body }, req) =>
    config.saveSettings(conferenceOf(req), body),
  );
  route(router, api.createRule, access('manager'), async ({ body }, req) => config.createRule(conferenceOf(req), body));
  route(router, api.updateRule, access('manager'), async ({ params: { id }, body }, req) =>
    config.updateRule(conferenceOf(req), id, body),
  );
  route(router, api.removeRule, access('manager'), async ({ params: { id } }, req) =>
    config.removeRule(conferenceOf(req), id),
  );
  return router;
}
