/** The payment configuration screen, /platform/config/pay (spec 2.12), for a conference's managers. */
import { Router } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';

export function paymentsPageRouter({ payments, shell }: Deps): Router {
  const router = Router();
  router.get('/platform/config/pay', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'payments:title'),
      island: {
        island: 'ManagePayConfig',
        props: { lang, mobile, config: await payments.settingsView(conferenceOf(req)) },
      },
    });
  });
  return router;
}
