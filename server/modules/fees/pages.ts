/**
 * The two fee tabs of the registration configuration (spec 2.12): "registration fee" and
 * "optional fee", one island with the kind as a prop. Managers, conference scope.
 */
import { Router } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import type { FeeKind } from '../../contract/fees';

const TABS: Array<[string, FeeKind]> = [
  ['/platform/config/register/fee', 'register'],
  ['/platform/config/register/optional', 'optional'],
];

export function feePageRouter({ fees, shell }: Deps): Router {
  const router = Router();
  for (const [path, kind] of TABS) {
    router.get(path, screen('manager'), async (req, res) => {
      const { lang, mobile } = req.ctx;
      const list = await fees.list(conferenceOf(req), kind);
      const settings = kind === 'register' ? await fees.settings(conferenceOf(req)) : undefined;
      await shell.manageScreen(req, res, {
        title: t(lang, 'registration:config.title'),
        island: { island: 'RegisterConfigFees', props: { lang, mobile, kind, fees: list, settings } },
      });
    });
  }
  return router;
}
