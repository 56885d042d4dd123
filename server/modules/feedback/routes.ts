/**
 * Feedback calls and screens: a person's own (write, list, read, attachment) in the personal
 * centre, and the managers' list and reply at /platform/manage/userFeedBack.
 */
import type { Readable } from 'node:stream';
import { verifiedEmailOf } from '../accounts/index';
import { feedbackTypeIn, feedbackTypeLabel } from '../../contract/siteConfig';
import { Router, type Request, type Response } from 'express';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound, tooManyRequests } from '../../platform/errors';
import { streamAttachment } from '../../platform/download';
import { t } from '../../platform/i18n';
import { textIn } from '../../contract/bilingual';
import { conferenceOrigin, publicOrigin } from '../../platform/publicUrl';
import { assertOpenTo } from '../sites/index';

import { receiveTemporaryUpload } from '../files/index';
import { feedbackApi, feedbackIdParam } from '../../contract/feedback';
import { route, SENT, type Sent } from '../../platform/route';
import { identityOf, siteOf } from '../../platform/context';

export const FEEDBACK_UPLOAD_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

const siteName = (req: Request) => textIn(siteOf(req)!.config.conferenceName, req.ctx.lang);

async function sendFile(
  res: Response,
  file: { body: Readable; size: number; name: string; contentType: string },
): Promise<Sent> {
  await streamAttachment(res, file.name, file.contentType, file.size, file.body);
  return SENT;
}

function notFoundFeedback(): never {
  throw notFound('feedback:notFound');
}

export function feedbackApiRouter({ db, feedback, files, limiter, config }: Deps): Router {
  const router = Router();
  const mine = access('user', 'conference');

  route(router, feedbackApi.upload, mine, async (_input, req, res) => {
    // An unpublished conference's forms are its staff's only, as its pages are.
    assertOpenTo(siteOf(req), identityOf(req));
    const userId = identityOf(req)!.user.id;
    if (
      !(await limiter.hit(`feedbackupload:${userId}`, FEEDBACK_UPLOAD_LIMIT.limit, FEEDBACK_UPLOAD_LIMIT.windowMs))
        .allowed
    )
      throw tooManyRequests();
    // Streamed into the store, its bytes reserved in the budgets first (issue 31).
    const stored = await receiveTemporaryUpload(files, req, res, conferenceOf(req), userId, 'feedback');
    return { name: stored.name, originalName: stored.originalName };
  });
  route(router, feedbackApi.submit, mine, async (input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    const userId = identityOf(req)!.user.id;
    const verifiedEmail = await verifiedEmailOf(db, userId);
    return feedback.submit(conferenceOf(req), userId, input.body, {
      types: siteOf(req)!.config.feedbackTypes,
      lang: req.ctx.lang,
      siteName: siteName(req),
      ip: req.ip ?? '',
      verifiedEmail,
    });
  });
  route(router, feedbackApi.mine, mine, async (_input, req) =>
    feedback.mine(conferenceOf(req), identityOf(req)!.user.id),
  );
  route(
    router,
    feedbackApi.mineOne,
    mine,
    async ({ params }, req) =>
      (await feedback.one(conferenceOf(req), params.id, identityOf(req)!.user.id)) ?? notFoundFeedback(),
  );
  route(router, feedbackApi.mineAttachment, mine, async ({ params }, req, res) =>
    sendFile(
      res,
      (await feedback.attachment(conferenceOf(req), params.id, identityOf(req)!.user.id)) ?? notFoundFeedback(),
    ),
  );

  route(router, feedbackApi.list, access('manager'), async ({ query }, req) =>
    feedback.list(conferenceOf(req), {
      page: query.page,
      size: query.size,
      replied: query.replied === undefined ? undefined : query.replied === 'yes',
    }),
  );
  route(router, feedbackApi.reply, access('manager'), async ({ params, body }, req) => {
    // The mail's link is followed from a mail box: the conference's outside address.
    const siteUrl = conferenceOrigin(config, siteOf(req)!) || publicOrigin(config, req.hostname);
    return feedback.reply(conferenceOf(req), params.id, identityOf(req)!.user.id, body.reply, {
      siteName: siteName(req),
      siteUrl,
    });
  });
  route(router, feedbackApi.attachment, access('manager'), async ({ params }, req, res) =>
    sendFile(res, (await feedback.attachment(conferenceOf(req), params.id)) ?? notFoundFeedback()),
  );
  return router;
}

export function feedbackPageRouter({ db, feedback, registration, shell }: Deps): Router {
  const router = Router();
  const profile = [screen('user', 'conference')] as const;
  router.get('/profile/feedback', ...profile, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const identity = identityOf(req);
    const site = siteOf(req);
    const conferenceId = conferenceOf(req);
    const userId = identity!.user.id;
    // The phone the person registered with, and whether their address needs a code (issue 18).
    const [mine, contact, verifiedEmail] = await Promise.all([
      feedback.mine(conferenceId, userId),
      registration.contactOf(conferenceId, userId),
      verifiedEmailOf(db, userId),
    ]);
    const types = site!.config.feedbackTypes.map((x) => ({
      value: feedbackTypeLabel(x),
      label: feedbackTypeIn(x, lang),
    }));
    await shell.profileScreen(req, res, {
      title: t(lang, 'feedback:title'),
      island: {
        island: 'ProfileFeedback',
        props: {
          lang,
          mobile,
          types,
          mine,
          name: contact?.name || identity!.user.trueName,
          email: identity!.user.email,
          phone: contact?.phone ?? '',
          verifiedEmail,
        },
      },
    });
  });
  router.get('/profile/feedBackDetails', ...profile, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const identity = identityOf(req);
    const id = feedbackIdParam.safeParse({ id: req.query.id });
    const found = id.success ? await feedback.one(conferenceOf(req), id.data.id, identity!.user.id) : null;
    if (!found) throw new AppError(404, 'feedback:notFound');
    await shell.profileScreen(req, res, {
      title: t(lang, 'feedback:detailsTitle'),
      island: { island: 'ProfileFeedbackDetails', props: { lang, mobile, feedback: found } },
    });
  });
  router.get('/platform/manage/userFeedBack', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'feedback:manageTitle'),
      island: {
        island: 'ManageFeedback',
        props: { lang, mobile, initial: await feedback.list(conferenceOf(req), { page: 1, size: 20 }) },
      },
    });
  });
  return router;
}
