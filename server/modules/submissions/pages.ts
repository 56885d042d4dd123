/**
 * The submission screens: the author's page and a manuscript's details in the personal centre
 * (spec 2.10 submission, submission/details), the managers' list, details and configuration
 * (spec 2.12 manage/contribute, submissionManage/index, submissionManage/submission/detail and
 * contribute/detail, config/contribute).
 */
import { Router, type Request } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { manageQuery } from '../../contract/submissions';
import { SUBMISSION_SCREENS as S } from '../../contract/submissionsApi';
import { filterFromAddress, zoneOffsetOf } from '../../platform/listAddress';
import { authorOf, submissionModuleOn } from './routes';

const idOf = (req: Request): number => {
  const { id: asked } = req.query;
  const id = Number(asked);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('submissions:notFound');
  return id;
};

export function submissionsPageRouter({
  submissionConfig,
  submissionAuthor,
  submissionDesk,
  submissionBook,
  submissionChoices,
  reviewing,
  shell,
}: Deps): Router {
  const router = Router();
  router.get(S.author, screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const page = await submissionAuthor.page(conferenceOf(req), authorOf(req), submissionModuleOn(req));
    const editId = Number(req.query.edit) || null;
    await shell.profileScreen(req, res, {
      title: t(lang, 'submissions:authorTitle'),
      island: { island: 'ProfileSubmission', props: { lang, mobile, page, editId } },
    });
  });
  router.get(S.authorDetail, screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    const person = authorOf(req);
    const [{ submission, history }, page] = await Promise.all([
      submissionAuthor.own(conferenceId, person, idOf(req)),
      submissionAuthor.page(conferenceId, person, submissionModuleOn(req)),
    ]);
    // The review's result once decided (issue 16): read after own() found the manuscript to be theirs.
    const reviews = await reviewing.forAuthor(conferenceId, submission.id);
    await shell.profileScreen(req, res, {
      title: t(lang, 'submissions:authorDetailTitle'),
      island: {
        island: 'ProfileSubmissionDetails',
        props: { lang, mobile, submission, history, choices: page.choices, settings: page.settings, reviews },
      },
    });
  });
  // S.index (/platform/submissionManage/index) is review's allocation screen (server/modules/review).
  for (const path of [S.manage]) {
    router.get(path, screen('manager'), async (req, res) => {
      const { lang, mobile } = req.ctx;
      const conferenceId = conferenceOf(req);
      // the address's filter (issue 33: the overview's links), the invalid parts dropped
      const filter = filterFromAddress(manageQuery, req.query);
      const [choices, first, book] = await Promise.all([
        submissionChoices.choices(conferenceId),
        submissionDesk.list(conferenceId, { ...filter, offsetMinutes: zoneOffsetOf(req), page: 1, size: 20 }),
        submissionBook.state(conferenceId, lang),
      ]);
      await shell.manageScreen(req, res, {
        title: t(lang, 'submissions:manageTitle'),
        island: { island: 'ManageSubmissions', props: { lang, mobile, choices, first, book, filter } },
      });
    });
  }
  for (const path of [S.detail, S.contributeDetail]) {
    router.get(path, screen('manager'), async (req, res) => {
      const { lang, mobile } = req.ctx;
      const conferenceId = conferenceOf(req);
      const id = idOf(req);
      // The review panel (issue 16): reviews, opinions and the final opinion form.
      const [detail, choices, panel] = await Promise.all([
        submissionDesk.detail(conferenceId, id),
        submissionChoices.choices(conferenceId),
        reviewing.panel(conferenceId, id),
      ]);
      await shell.manageScreen(req, res, {
        title: t(lang, 'submissions:detailTitle'),
        island: { island: 'ManageSubmissionDetail', props: { lang, mobile, detail, choices, panel } },
      });
    });
  }
  router.get(S.config, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const config = await submissionConfig.config(conferenceOf(req));
    await shell.manageScreen(req, res, {
      title: t(lang, 'submissions:configTitle'),
      island: { island: 'ManageContributeConfig', props: { lang, mobile, config } },
    });
  });
  return router;
}
