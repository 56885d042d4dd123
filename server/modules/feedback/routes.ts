/**
 * Feedback calls and screens: a person's own (write, list, read, attachment) in the personal
 * centre, and the managers' list and reply at /platform/manage/userFeedBack.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound, sendOk, tooManyRequests } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { sendAttachment } from '../../platform/download';
import { t } from '../../platform/i18n';
import { text } from '../../platform/site';
import { assertOpenTo } from '../sites/service';

import { readOneUpload } from '../files/routes';
import { feedbackInput } from '../../contract/feedback';

const MINE = '/conference/feedback';
const MANAGE = '/conference/platform/manage/feedback';
const idParam = z.object({ id: z.coerce.number().int().positive('feedback:notFound').max(2 ** 31) });
export const FEEDBACK_UPLOAD_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

const siteName = (req: Request) => text(req.ctx.site!.config.conferenceName, req.ctx.lang);

function sendFile(res: Response, file: { bytes: Buffer; name: string; contentType: string }): void {
  sendAttachment(res, file.name, file.contentType, file.bytes);
}

export function feedbackApiRouter({ feedback, files, limiter }: Deps): Router {
  const router = Router();

  router.post(`${MINE}/upload`, access('user', 'conference'), async (req, res) => {
    // An unpublished conference's forms are its staff's only, as its pages are.
    assertOpenTo(req.ctx.site, req.ctx.identity);
    const userId = req.ctx.identity!.user.id;
    if (!(await limiter.hit(`feedbackupload:${userId}`, FEEDBACK_UPLOAD_LIMIT.limit, FEEDBACK_UPLOAD_LIMIT.windowMs)).allowed) throw tooManyRequests();
    const upload = await readOneUpload(req, res, 'feedback');
    const stored = await files.save(conferenceOf(req), userId, 'feedback', upload.originalName, upload.bytes, { temporary: true });
    sendOk(res, { name: stored.name, originalName: stored.originalName });
  });

  router.post(MINE, access('user', 'conference'), async (req, res) => {
    assertOpenTo(req.ctx.site, req.ctx.identity);
    const input = parseInput(feedbackInput, req.body);
    const done = await feedback.submit(conferenceOf(req), req.ctx.identity!.user.id, input, { types: req.ctx.site!.config.feedbackTypes, lang: req.ctx.lang, siteName: siteName(req), ip: req.ip ?? '' });
    sendOk(res, done, 'feedback:sent');
  });
  router.get(`${MINE}/mine`, access('user', 'conference'), async (req, res) => sendOk(res, await feedback.mine(conferenceOf(req), req.ctx.identity!.user.id)));
  router.get(`${MINE}/mine/:id`, access('user', 'conference'), async (req, res) => {
    const found = await feedback.one(conferenceOf(req), parseInput(idParam, req.params).id, req.ctx.identity!.user.id);
    if (!found) throw notFound('feedback:notFound');
    sendOk(res, found);
  });
  router.get(`${MINE}/mine/:id/attachment`, access('user', 'conference'), async (req, res) => {
    const file = await feedback.attachment(conferenceOf(req), parseInput(idParam, req.params).id, req.ctx.identity!.user.id);
    if (!file) throw notFound('feedback:notFound');
    sendFile(res, file);
  });

  router.get(MANAGE, access('manager'), async (req, res) => {
    const q = parseInput(z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(100).default(20), replied: z.enum(['yes', 'no']).optional() }), req.query);
    sendOk(res, await feedback.list(conferenceOf(req), { page: q.page, size: q.size, replied: q.replied === undefined ? undefined : q.replied === 'yes' }));
  });
  router.post(`${MANAGE}/:id/reply`, access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const { reply } = parseInput(z.object({ reply: z.string().trim().min(1, 'feedback:replyRequired').max(5000, 'feedback:contentTooLong') }), req.body);
    const origin = `${req.protocol}://${req.headers.host}`;
    sendOk(res, await feedback.reply(conferenceOf(req), id, req.ctx.identity!.user.id, reply, { siteName: siteName(req), siteUrl: origin }), 'feedback:replied');
  });
  router.get(`${MANAGE}/:id/attachment`, access('manager'), async (req, res) => {
    const file = await feedback.attachment(conferenceOf(req), parseInput(idParam, req.params).id);
    if (!file) throw notFound('feedback:notFound');
    sendFile(res, file);
  });
  return router;
}

export function feedbackPageRouter({ feedback, shell }: Deps): Router {
  const router = Router();
  const profile = [screen('user', 'conference')] as const;
  router.get('/profile/feedback', ...profile, async (req, res) => {
    const { lang, mobile, identity, site } = req.ctx;
    await shell.profileScreen(req, res, {
      title: t(lang, 'feedback:title'),
      island: { island: 'ProfileFeedback', props: { lang, mobile, types: site!.config.feedbackTypes, mine: await feedback.mine(conferenceOf(req), identity!.user.id), name: identity!.user.trueName, email: identity!.user.email } },
    });
  });
  router.get('/profile/feedBackDetails', ...profile, async (req, res) => {
    const { lang, mobile, identity } = req.ctx;
    const id = idParam.safeParse({ id: req.query.id });
    const found = id.success ? await feedback.one(conferenceOf(req), id.data.id, identity!.user.id) : null;
    if (!found) throw new AppError(404, 'feedback:notFound');
    await shell.profileScreen(req, res, { title: t(lang, 'feedback:detailsTitle'), island: { island: 'ProfileFeedbackDetails', props: { lang, mobile, feedback: found } } });
  });
  router.get('/platform/manage/userFeedBack', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, { title: t(lang, 'feedback:manageTitle'), island: { island: 'ManageFeedback', props: { lang, mobile, initial: await feedback.list(conferenceOf(req), { page: 1, size: 20 }) } } });
  });
  return router;
}
