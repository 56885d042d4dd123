/**
 * The conference-user calls of spec 7 ("Conference users"): registering, the registrant list
 * and its actions, and uploads made while filling in the form. Thin: parse → (access declared)
 * → service → answer.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { access, conferenceOf, isConferenceAdmin } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound, sendOk, tooManyRequests } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { DEFAULT_VERSION, versionCode, type Answers } from '../../contract/registration';
import { REGISTRANT_PAGE_SIZE } from '../../contract/registrants';
import { escapeHtml } from '../../platform/html';
import type { Db } from '../../db/index';
import { identityProvidersOf } from '../accounts/service';
import { receiveTemporaryUpload } from '../files/routes';
import { FEE_PAGE, nextPathAfterRegistration } from './redirects';
import { details, findPage, pageQuery } from './queries';
import { capOf, loadSettings, todayIn } from './settings';
import { windowOpen } from '../../contract/registration';
import { assertOpenTo } from '../sites/service';
import * as repo from './repo';

const C = '/conference/conferenceUser';

const answersField = z.record(z.string().max(40), z.union([z.string().max(5000, 'registration:answerInvalid'), z.array(z.string().max(300)).max(50)]), { message: 'commonMsg.invalidInput' });
const idField = z.coerce.number({ message: 'registration:registrantNotFound' }).int().positive('registration:registrantNotFound').max(2 ** 31);
const queryInput = z.object({
  name: z.string().trim().max(100).optional().default(''),
  email: z.string().trim().max(254).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(REGISTRANT_PAGE_SIZE),
});
const selectionInput = z.object({ ids: z.array(idField).max(5000).optional(), name: z.string().max(100).optional(), email: z.string().max(254).optional() });

/** temp/upload calls per signed-in person an hour (per address: TEMP_UPLOAD_PER_IP_PER_HOUR). */
export const TEMP_UPLOAD_LIMIT = { limit: 60, windowMs: 60 * 60_000 };

/**
 * What registration asks of features listed after it: badges of the documents feature (it prints
 * registrants, so it comes later), and mail on the manager's behalf.
 */
export function registrationPorts(deps: Deps) {
  return { badges: deps.badges, mail: deps.mail };
}


/** The registration calls that are not the managers' follow the unpublished rule of the pages. */
export function assertPublishedOrStaff(req: Request): void {
  assertOpenTo(req.ctx.site, req.ctx.identity);
}

/**
 * A form's files are accepted only while that form can be saved: the managers' forms (adding or
 * editing a registrant) at any time; the person's own registration while it can still be changed
 * (they have one) or made (the window is open and places are left).
 */
async function assertUploadsOpen(db: Db, req: Request): Promise<void> {
  assertPublishedOrStaff(req);
  const identity = req.ctx.identity;
  if (isConferenceAdmin(identity)) return;
  if (identity && (await repo.findRegistrantByUser(db, conferenceOf(req), identity.user.id))) return;
  const settings = await loadSettings(db, conferenceOf(req));
  if (!windowOpen(settings, todayIn(settings.timeZone))) throw new AppError(400, 'commonMsg.dataMsgConfReg');
  if ((await repo.countRegistrants(db, conferenceOf(req))) >= capOf(settings)) throw new AppError(400, 'userReg.registerMsg');
}

/** The ids a selection names: the given ones, or everyone matching the search. */
export async function selectedIds(db: Db, conferenceId: number, body: unknown): Promise<number[]> {
  const { ids, name, email } = parseInput(selectionInput, body ?? {});
  if (ids?.length) return ids;
  return repo.allRegistrantIds(db, conferenceId, { name: name?.trim(), email: email?.trim() });
}

export function registrationRouter(deps: Deps): Router {
  const { db, registration: service, files, limiter, shell } = deps;
  const ports = registrationPorts(deps);
  const router = Router();

  // ── the person's own registration ──────────────────────────────────────────────────────
  // Signed in only: someone without an account gets one through the platform's frame first
  // (docs/accounts.md), so no password is ever sent to a conference's origin.
  router.post(C, access('user', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    const input = parseInput(
      z.object({
        version: versionCode.default(DEFAULT_VERSION),
        answers: answersField,
        noticeAccepted: z.boolean().optional(),
      }),
      req.body,
    );
    const { user } = req.ctx.identity!;
    const done = await service.registerSelf(conferenceOf(req), { userId: user.id, email: user.email, trueName: user.trueName }, { ...input, answers: input.answers as Answers }, req.ctx.lang);
    const settings = await loadSettings(db, conferenceOf(req));
    sendOk(res, { code: done.code, redirect: nextPathAfterRegistration(true, settings, shell.hasProfileEntry(FEE_PAGE)) }, 'registration:success');
  });

  // The person's own answers, changed (PUT /conference/conferenceUser).
  router.put(C, access('attendee'), async (req, res) => {
    assertPublishedOrStaff(req);
    const { answers } = parseInput(z.object({ answers: answersField }), req.body);
    const mine = await repo.findRegistrantByUser(db, conferenceOf(req), req.ctx.identity!.user.id);
    if (!mine) throw new AppError(404, 'registration:registrantNotFound');
    await service.update(conferenceOf(req), mine.id, answers as Answers, req.ctx.lang, { userId: req.ctx.identity!.user.id, manager: false });
    sendOk(res, null, 'registration:saved');
  });

  router.post(`${C}/temp/upload`, access('anonymous', 'conference'), async (req, res) => {
    await assertUploadsOpen(db, req);
    const who = req.ctx.identity?.user.id ?? null;
    // Per address whoever asks (new accounts do not buy a new allowance), and per account.
    const perIp = await limiter.hit(`regupload:ip:${req.ip}`, files.temporary.limits.perIpPerHour, 60 * 60_000);
    if (!perIp.allowed) throw tooManyRequests();
    if (who !== null && !(await limiter.hit(`regupload:user:${who}`, TEMP_UPLOAD_LIMIT.limit, TEMP_UPLOAD_LIMIT.windowMs)).allowed) throw tooManyRequests();
    const { kind } = parseInput(z.object({ kind: z.enum(['attachment', 'photo']).default('attachment') }), req.query);
    const stored = await receiveTemporaryUpload(files, req, res, conferenceOf(req), who, kind);
    // The stored name is this answer without its first 5 characters (spec 9).
    sendOk(res, `temp/${stored.name}`);
  });

  router.post(`${C}/countUser`, access('anonymous', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    sendOk(res, await repo.countRegistrants(db, conferenceOf(req)));
  });

  // Whether an e-mail is registered here: about oneself, or anyone for managers.
  router.get(`${C}/checkRegisteredUser`, access('user', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    const { email } = parseInput(z.object({ email: z.string().max(254).optional() }), req.query);
    const self = req.ctx.identity!.user;
    const asked = (email || self.email).toLowerCase();
    if (asked !== self.email.toLowerCase() && asked !== (self.cstnetId ?? '').toLowerCase() && !isConferenceAdmin(req.ctx.identity)) return sendOk(res, false);
    const row = asked === (self.cstnetId ?? '').toLowerCase() || asked === self.email.toLowerCase() ? await repo.findRegistrantByUser(db, conferenceOf(req), self.id) : await repo.findRegistrantByEmail(db, conferenceOf(req), asked);
    sendOk(res, Boolean(row));
  });

  router.get(`${C}/getCurrentVersion`, access('user', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    const row = await repo.findRegistrantByUser(db, conferenceOf(req), req.ctx.identity!.user.id);
    sendOk(res, { data: row?.version ?? DEFAULT_VERSION });
  });

  // The federated identity the caller signed in with, to pre-fill the form (spec 7 getEdugainInfo).
  router.post(`${C}/getEdugainInfo`, access('user', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    const user = req.ctx.identity!.user;
    const providers = await identityProvidersOf(db, user.id);
    sendOk(res, { email: user.email, trueName: user.trueName, providers: providers.map((p) => ({ kind: p.kind, zname: p.name_zh, ename: p.name_en })) });
  });

  // ── managers ───────────────────────────────────────────────────────────────────────────
  router.post(`${C}/addUser`, access('manager'), async (req, res) => {
    const { version, answers } = parseInput(z.object({ version: versionCode.default(DEFAULT_VERSION), answers: answersField }), req.body);
    const done = await service.addByManager(conferenceOf(req), req.ctx.identity!.user.id, version, answers as Answers, req.ctx.lang);
    // While the conference is unpublished a stranger's address gets no mail (the mail gate).
    sendOk(res, { id: done.registrantId, code: done.code, mailed: done.mailed }, done.mailed ? 'registration:added' : 'registration:addedNoMail');
  });

  router.post(`${C}/updateUser`, access('manager'), async (req, res) => {
    const { id, answers } = parseInput(z.object({ id: idField, answers: answersField }), req.body);
    await service.update(conferenceOf(req), id, answers as Answers, req.ctx.lang, { userId: req.ctx.identity!.user.id, manager: true });
    sendOk(res, null, 'registration:saved');
  });

  router.delete(C, access('manager'), async (req, res) => {
    const { id } = parseInput(z.object({ id: idField }), req.query);
    await service.remove(conferenceOf(req), id);
    sendOk(res, null, 'registration:deleted');
  });

  router.post(`${C}/findByQuery`, access('manager'), async (req, res) => sendOk(res, await findPage(db, conferenceOf(req), parseInput(queryInput, req.body ?? {}))));
  router.post(`${C}/pageQuery`, access('manager'), async (req, res) => sendOk(res, await pageQuery(db, conferenceOf(req), parseInput(queryInput, req.body ?? {}), req.ctx.lang)));

  router.get(`${C}/details`, access('manager'), async (req, res) => {
    const { id } = parseInput(z.object({ id: idField }), req.query);
    const found = await details(db, conferenceOf(req), id, req.ctx.lang);
    if (!found) throw notFound('registration:registrantNotFound');
    sendOk(res, found);
  });

  router.get(`${C}/findUserByConferenceIdAndEmail`, access('manager'), async (req, res) => {
    const { email } = parseInput(z.object({ email: z.string().trim().min(1, 'emailFormatError').max(254) }), req.query);
    const row = await repo.findRegistrantByEmail(db, conferenceOf(req), email.toLowerCase());
    sendOk(res, row ? await details(db, conferenceOf(req), row.id, req.ctx.lang) : null);
  });

  router.get(`${C}/checkEmailConfigByConference`, access('manager'), async (req, res) => sendOk(res, await ports.mail.configured(conferenceOf(req))));

  // spec 7 sendEmail: type 'NotAll' to the chosen registrants, '' to all of them.
  router.post(`${C}/sendEmail`, access('manager'), async (req, res) => {
    const { data } = parseInput(
      z.object({
        data: z.object({
          type: z.enum(['NotAll', '']),
          ids: z.array(idField).max(5000).optional(),
          title: z.string().trim().min(1, 'registration:mailTitleRequired').max(200, 'registration:mailTitleTooLong'),
          content: z.string().trim().min(1, 'registration:mailContentRequired').max(20_000, 'registration:mailContentTooLong'),
        }),
      }),
      req.body,
    );
    if (data.type === 'NotAll' && !data.ids?.length) throw new AppError(400, 'registration:userMsg', 'ids');
    if (!(await ports.mail.configured(conferenceOf(req)))) throw new AppError(400, 'registration:noMailConfig');
    const ids = data.type === 'NotAll' ? data.ids! : await repo.allRegistrantIds(db, conferenceOf(req), {});
    const to = (await repo.registrantsByIds(db, conferenceOf(req), ids)).map((r) => r.email);
    if (!to.length) throw new AppError(400, 'registration:userMsg', 'ids');
    // The manager writes plain text: it is escaped, and its line breaks kept.
    const html = `<div style="font-size:15px;line-height:1.7">${escapeHtml(data.content).replace(/\r?\n/g, '<br>')}</div>`;
    const messages = await ports.mail.sendBulk(conferenceOf(req), to, data.title, data.content, html);
    sendOk(res, { recipients: to.length, messages }, 'registration:sendMsg');
  });

  return router;
}
