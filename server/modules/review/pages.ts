/** The review configuration screen (spec 2.12 config/review). */
import { Router } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { REVIEW_SCREENS as S } from '../../contract/review';

export function reviewPageRouter({ reviewConfig, shell }: Deps): Router {
  const router = Router();
  router.get(S.config, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const config = await reviewConfig.config(conferenceOf(req));
    await shell.manageScreen(req, res, {
      title: t(lang, 'review:configTitle'),
      island: { island: 'ManageReviewConfig', props: { lang, mobile, config } },
    });
  });
  return router;
}
