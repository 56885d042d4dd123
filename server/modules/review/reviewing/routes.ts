/**
 * The reviews' calls and screens (server/contract/reviewing.ts): thin handlers. Reviewers (and
 * managers, who pass the reviewer level) reach the reviewer's calls; the service decides what each
 * person may see. The final opinion and the panel are the managers'.
 */
import { Router, type Request } from 'express';
import { access, conferenceOf, screen, userOf } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { notFound, unauthorized } from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { route, SENT } from '../../../platform/route';
import { streamAttachment } from '../../../platform/download';
import { REVIEW_SCREENS as S } from '../../../contract/review';
import { reviewingApi as api } from '../../../contract/reviewing';
import { downloadName } from '../../submissions/index';
import type { Person } from './context';
import { identityOf } from '../../../platform/context';

export function personOf(req: Request): Person {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  return { userId: identity.user.id, name: identity.user.trueName || identity.user.email, lang: req.ctx.lang };
}

export function reviewingApiRouter({ reviewing }: Deps): Router {
  const router = Router();
  // before `/:id`, which would take 'tasks' for an id
  route(router, api.home, access('reviewer'), async (_input, req) => reviewing.home(conferenceOf(req), userOf(req)));
  route(router, api.screen, access('reviewer'), async ({ params: { id } }, req) =>
    reviewing.screen(conferenceOf(req), userOf(req), id),
  );
  route(router, api.saveDraft, access('reviewer'), async ({ params: { id }, body }, req) =>
    reviewing.saveDraft(conferenceOf(req), personOf(req), id, body),
  );
  route(router, api.submit, access('reviewer'), async ({ params: { id }, body }, req) =>
    reviewing.submit(conferenceOf(req), personOf(req), id, body),
  );
  route(router, api.file, access('reviewer'), async ({ params: { id, slot } }, req, res) => {
    const f = await reviewing.file(conferenceOf(req), userOf(req), id, slot);
    await streamAttachment(res, downloadName(f.number, slot, f.storedName), f.contentType, f.size, f.body);
    return SENT;
  });
  route(router, api.chairOpinion, access('reviewer'), async ({ params: { id }, body }, req) =>
    reviewing.chairOpinion(conferenceOf(req), personOf(req), id, body),
  );
  route(router, api.panel, access('manager'), async ({ params: { id } }, req) =>
    reviewing.panel(conferenceOf(req), id),
  );
  route(router, api.finalOpinion, access('manager'), async ({ params: { id }, body }, req) =>
    reviewing.finalOpinion(conferenceOf(req), personOf(req), id, body),
  );
  return router;
}

const idOf = (raw: string): number => {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound('reviewing:notFound');
  return id;
};

export function reviewingPageRouter({ reviewing, shell }: Deps): Router {
  const router = Router();
  for (const [path, full] of [
    [S.reviewerHome, false],
    [S.reviewList, true],
  ] as const) {
    router.get(path, screen('reviewer'), async (req, res) => {
      const { lang, mobile } = req.ctx;
      const home = await reviewing.home(conferenceOf(req), userOf(req));
      await shell.manageScreen(req, res, {
        title: t(lang, full ? 'reviewing:listTitle' : 'reviewing:homeTitle'),
        island: { island: 'ReviewerTasks', props: { lang, mobile, home, full } },
      });
    });
  }
  router.get(`${S.reviewForm}/:submissionId`, screen('reviewer'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const review = await reviewing.screen(conferenceOf(req), userOf(req), idOf(String(req.params.submissionId)));
    await shell.manageScreen(req, res, {
      title: t(lang, 'reviewing:formTitle'),
      island: { island: 'ReviewForm', props: { lang, mobile, review } },
    });
  });
  return router;
}
