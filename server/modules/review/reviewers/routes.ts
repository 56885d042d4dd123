/**
 * Reviewer management's calls (spec 7 "Reviewer management", server/contract/reviewers.ts) and
 * screens: the list (/platform/manage/reviewer), a reviewer's page (…/info/:id) and the activation
 * page (/review/active/:key, spec 2.9). The activation form takes a password, so it is served by
 * the platform host in a frame of the conference's page (/embed/review/active), and its call runs
 * on the platform host only: a conference host, where the managers' scripts run, answers 404.
 */
import { Router, type Request } from 'express';
import { access, conferenceOf, screen, userOf } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { AppError } from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { route, SENT } from '../../../platform/route';
import { sendAttachment } from '../../../platform/download';
import { XLSX_TYPE } from '../../../platform/xlsx';
import { REVIEWER_LIMITS, reviewerApi as api } from '../../../contract/reviewers';
import { REVIEW_SCREENS as S } from '../../../contract/review';
import type { Manager } from './service';
import { buildTemplate, looksLikeXlsx } from './import';
import { receiveInMemory } from '../../files/index';
import { workAsker, workStarted } from '../../../platform/work/index';
import { activationPageRouter } from './activationPages';
import { identityOf } from '../../../platform/context';

function managerOf(req: Request): Manager {
  const user = identityOf(req)!.user;
  return { userId: userOf(req), name: user.trueName || user.email, lang: req.ctx.lang };
}

// The sheet stays in memory, unlike uploads (issue 31): at most REVIEWER_LIMITS.importBytes (2 MB),
// and exceljs reads a workbook whole anyway.
const SHEET_KEYS = {
  tooLarge: 'reviewers:importTooLarge',
  bad: 'reviewers:importFileBad',
  missing: 'reviewers:importNoFile',
};

export function reviewerApiRouter(deps: Deps): Router {
  const { reviewers } = deps;
  const router = Router();
  const manager = access('manager');
  route(router, api.list, manager, async (_input, req) => reviewers.list(conferenceOf(req)));
  route(router, api.add, manager, async ({ body }, req) => reviewers.add(conferenceOf(req), managerOf(req), body));
  // Work with progress (issue 30): 202 at once; the summary is an ImportSummary (reviewers/service.ts import()).
  route(router, api.import, manager, async (_input, req, res) => {
    const bytes = await receiveInMemory(req, res, REVIEWER_LIMITS.importBytes, SHEET_KEYS);
    if (!looksLikeXlsx(bytes)) throw new AppError(400, 'reviewers:importFileBad', { field: 'file' });
    return workStarted(
      res,
      await deps.work.ask(reviewers.importWork, workAsker(req), { sheet: bytes.toString('base64') }),
    );
  });
  route(router, api.template, manager, async (_input, req, res) => {
    sendAttachment(
      res,
      `${t(req.ctx.lang, 'reviewers:import.fileName')}.xlsx`,
      XLSX_TYPE,
      await buildTemplate(req.ctx.lang),
    );
    return SENT;
  });
  route(router, api.check, manager, async ({ query }, req) => reviewers.info.check(conferenceOf(req), query));
  route(router, api.info, manager, async ({ params: { id } }, req) => reviewers.info.info(conferenceOf(req), id));
  route(router, api.remove, manager, async ({ params: { id } }, req) => {
    await reviewers.remove(conferenceOf(req), managerOf(req), id);
    return null;
  });
  // Anyone holding the key may read what its form shows; on a conference host only that conference's keys.
  route(router, api.byKey, access('anonymous', 'any'), async ({ params: { key } }, req) =>
    reviewers.activation.view(key, req.ctx.conferenceId ?? null, req.ip ?? '', req.ctx.lang),
  );
  route(router, api.mine, access('user', 'conference'), async (_input, req) =>
    reviewers.mine(conferenceOf(req), userOf(req)),
  );
  route(router, api.activate, access('anonymous', 'platform'), async ({ body }, req) => {
    await reviewers.activation.activate(body, req.ip ?? '');
    return null;
  });
  route(router, api.roles, manager, async ({ params: { id } }, req) => reviewers.roles(conferenceOf(req), id));
  route(router, api.setRole, manager, async ({ body }, req) => reviewers.setRole(conferenceOf(req), body));
  route(router, api.removeRole, manager, async ({ params: { id } }, req) =>
    reviewers.removeRole(conferenceOf(req), id),
  );
  route(router, api.mail, manager, async ({ body }, req) => reviewers.mail(conferenceOf(req), managerOf(req), body));
  return router;
}

export function reviewerPageRouter(deps: Deps): Router {
  const { reviewers, shell } = deps;
  const router = Router();
  router.get(S.reviewers, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const list = await reviewers.list(conferenceOf(req));
    await shell.manageScreen(req, res, {
      title: t(lang, 'reviewers:title'),
      island: { island: 'ManageReviewers', props: { lang, mobile, list } },
    });
  });
  router.get(`${S.reviewerInfo}/:id`, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const { id: raw } = req.params;
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) return void res.redirect(302, '/404');
    const info = await reviewers.info.info(conferenceOf(req), id);
    await shell.manageScreen(req, res, {
      title: t(lang, 'reviewers:info.title'),
      island: { island: 'ReviewerInfo', props: { lang, mobile, info } },
    });
  });
  router.use(activationPageRouter(deps));
  return router;
}
