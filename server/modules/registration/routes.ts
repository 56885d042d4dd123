/**
 * The conference-user calls of spec 7 ("Conference users"): registering, the registrant list
 * and its actions, and uploads made while filling in the form. Thin: (access declared) → the
 * endpoint's schemas (server/contract/registration.ts) → service → answer. The calls that are
 * not the managers' read their input after the unpublished check, whose refusal comes first.
 */
import { ORDER_TYPES } from '../../contract/orders';
import { Router, type Request } from 'express';
import { access, conferenceOf, isConferenceAdmin } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, notFound, tooManyRequests } from '../../platform/errors';
import { route, Reply } from '../../platform/route';
import {
  DEFAULT_VERSION,
  registrationApi as api,
  ownChangesOpen,
  windowOpen,
  type RegistrantSelection,
} from '../../contract/registration';
import { plainTextHtml } from '../mail/index';
import type { Db } from '../../db/index';
import { identityProvidersOf } from '../accounts/index';
import { receiveTemporaryUpload } from '../files/index';
import { FEE_PAGE, nextPathAfterRegistration } from './redirects';
import { details, findPage, pageQuery, withZone } from './queries';
import { capOf, loadSettings } from './settings';
import { todayIn } from '../../platform/localTime';
import { assertOpenTo } from '../sites/index';
import * as repo from './repo';
import { identityOf, siteOf } from '../../platform/context';

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
  assertOpenTo(siteOf(req), identityOf(req));
}

/**
 * A form's files are accepted only while that form can be saved: the managers' forms (adding or
 * editing a registrant) at any time; the person's own registration while it can still be changed
 * (they have one) or made (the window is open and places are left).
 */
async function assertUploadsOpen(db: Db, req: Request): Promise<void> {
  assertPublishedOrStaff(req);
  const identity = identityOf(req);
  if (isConferenceAdmin(identity)) return;
  if (identity && (await repo.findRegistrantByUser(db, conferenceOf(req), identity.user.id))) return;
  const settings = await loadSettings(db, conferenceOf(req));
  if (!windowOpen(settings, todayIn(settings.timeZone))) throw new AppError(400, 'commonMsg.dataMsgConfReg');
  if ((await repo.countRegistrants(db, conferenceOf(req))) >= capOf(settings))
    throw new AppError(400, 'userReg.registerMsg');
}

/** The ids a selection names: the given ones, or everyone matching the search. */
export async function selectedIds(
  db: Db,
  conferenceId: number,
  { ids, name, email, ...filters }: RegistrantSelection,
): Promise<number[]> {
  if (ids?.length) return ids;
  return repo.allRegistrantIds(
    db,
    conferenceId,
    await withZone(db, conferenceId, { name: name?.trim(), email: email?.trim(), ...filters }),
  );
}

export function registrationRouter(deps: Deps): Router {
  const { db, registration: service, files, limiter, shell } = deps;
  const ports = registrationPorts(deps);
  const router = Router();

  // ── the person's own registration ──────────────────────────────────────────────────────
  // Signed in only: someone without an account gets one through the platform's frame first
  // (docs/accounts.md), so no password is ever sent to a conference's origin.
  route(router, api.register, access('user', 'conference'), async (input, req) => {
    assertPublishedOrStaff(req);
    const { user } = identityOf(req)!;
    const done = await service.registerSelf(
      conferenceOf(req),
      { userId: user.id, email: user.email, trueName: user.trueName },
      input.body,
      req.ctx.lang,
    );
    const settings = await loadSettings(db, conferenceOf(req));
    return { code: done.code, redirect: nextPathAfterRegistration(true, settings, shell.hasProfileEntry(FEE_PAGE)) };
  });

  // The person's own answers, changed.
  route(router, api.updateOwn, access('attendee'), async (input, req) => {
    assertPublishedOrStaff(req);
    const { answers } = input.body;
    const mine = await repo.findRegistrantByUser(db, conferenceOf(req), identityOf(req)!.user.id);
    if (!mine) throw new AppError(404, 'registration:registrantNotFound');
    const settings = await loadSettings(db, conferenceOf(req));
    // After the window, only where the managers allow changes (issue 18).
    if (!ownChangesOpen(settings, todayIn(settings.timeZone))) throw new AppError(400, 'registration:changesClosed');
    await service.update(conferenceOf(req), mine.id, answers, req.ctx.lang, {
      userId: identityOf(req)!.user.id,
      manager: false,
    });
    return null;
  });

  // The person withdraws (issue 18): where the managers allow it, and not after paying — money
  // goes back through the organisers, who then remove the registrant themselves.
  route(router, api.withdrawOwn, access('attendee'), async (_input, req) => {
    assertPublishedOrStaff(req);
    const conferenceId = conferenceOf(req);
    const userId = identityOf(req)!.user.id;
    const settings = await loadSettings(db, conferenceId);
    if (!settings.allowWithdraw) throw new AppError(403, 'registration:withdrawOff');
    const mine = await repo.findRegistrantByUser(db, conferenceId, userId);
    if (!mine) throw new AppError(404, 'registration:registrantNotFound');
    for (const type of ORDER_TYPES)
      if (await deps.orders.hasPaid(db, conferenceId, userId, type))
        throw new AppError(409, 'registration:withdrawPaid');
    await service.remove(conferenceId, mine.id);
    return null;
  });

  route(router, api.tempUpload, access('anonymous', 'conference'), async (input, req, res) => {
    await assertUploadsOpen(db, req);
    const who = identityOf(req)?.user.id ?? null;
    // Per address whoever asks (new accounts do not buy a new allowance), and per account.
    const perIp = await limiter.hit(`regupload:ip:${req.ip}`, files.temporary.limits.perIpPerHour, 60 * 60_000);
    if (!perIp.allowed) throw tooManyRequests();
    if (
      who !== null &&
      !(await limiter.hit(`regupload:user:${who}`, TEMP_UPLOAD_LIMIT.limit, TEMP_UPLOAD_LIMIT.windowMs)).allowed
    )
      throw tooManyRequests();
    // The kind is read after the checks above: their refusals come first.
    const { kind } = input.query;
    const stored = await receiveTemporaryUpload(files, req, res, conferenceOf(req), who, kind);
    // The stored name is this answer without its first 5 characters (spec 9).
    return `temp/${stored.name}`;
  });

  route(router, api.count, access('anonymous', 'conference'), async (_input, req) => {
    assertPublishedOrStaff(req);
    return repo.countRegistrants(db, conferenceOf(req));
  });

  // Whether an e-mail is registered here: about oneself, or anyone for managers.
  route(router, api.checkRegistered, access('user', 'conference'), async (input, req) => {
    assertPublishedOrStaff(req);
    const { email } = input.query;
    const self = identityOf(req)!.user;
    const asked = (email || self.email).toLowerCase();
    if (
      asked !== self.email.toLowerCase() &&
      asked !== (self.cstnetId ?? '').toLowerCase() &&
      !isConferenceAdmin(identityOf(req))
    )
      return false;
    const row =
      asked === (self.cstnetId ?? '').toLowerCase() || asked === self.email.toLowerCase()
        ? await repo.findRegistrantByUser(db, conferenceOf(req), self.id)
        : await repo.findRegistrantByEmail(db, conferenceOf(req), asked);
    return Boolean(row);
  });

  route(router, api.currentVersion, access('user', 'conference'), async (_input, req) => {
    assertPublishedOrStaff(req);
    const row = await repo.findRegistrantByUser(db, conferenceOf(req), identityOf(req)!.user.id);
    return { data: row?.version ?? DEFAULT_VERSION };
  });

  // The federated identity the caller signed in with, to pre-fill the form (spec 7 getEdugainInfo).
  route(router, api.edugainInfo, access('user', 'conference'), async (_input, req) => {
    assertPublishedOrStaff(req);
    const user = identityOf(req)!.user;
    const providers = await identityProvidersOf(db, user.id);
    return {
      email: user.email,
      trueName: user.trueName,
      providers: providers.map((p) => ({ kind: p.kind, zname: p.name_zh, ename: p.name_en })),
    };
  });

  // ── managers ───────────────────────────────────────────────────────────────────────────
  route(router, api.add, access('manager'), async ({ body }, req) => {
    const done = await service.addByManager(
      conferenceOf(req),
      identityOf(req)!.user.id,
      body.version,
      body.answers,
      req.ctx.lang,
    );
    const answer = { id: done.registrantId, code: done.code, mailed: done.mailed };
    // While the conference is unpublished a stranger's address gets no mail (the mail gate).
    return done.mailed ? answer : new Reply(answer, 'registration:addedNoMail');
  });

  route(router, api.update, access('manager'), async ({ body }, req) => {
    await service.update(conferenceOf(req), body.id, body.answers, req.ctx.lang, {
      userId: identityOf(req)!.user.id,
      manager: true,
    });
    return null;
  });

  route(router, api.remove, access('manager'), async ({ query }, req) => {
    await service.remove(conferenceOf(req), query.id);
    return null;
  });

  route(router, api.find, access('manager'), async ({ body }, req) => findPage(db, conferenceOf(req), body));
  route(router, api.pageQuery, access('manager'), async ({ body }, req) =>
    pageQuery(db, conferenceOf(req), body, req.ctx.lang),
  );

  route(router, api.details, access('manager'), async ({ query }, req) => {
    const found = await details(db, conferenceOf(req), query.id, req.ctx.lang);
    if (!found) throw notFound('registration:registrantNotFound');
    return found;
  });

  route(router, api.findByEmail, access('manager'), async ({ query }, req) => {
    const row = await repo.findRegistrantByEmail(db, conferenceOf(req), query.email.toLowerCase());
    return row ? await details(db, conferenceOf(req), row.id, req.ctx.lang) : null;
  });

  route(router, api.mailConfigured, access('manager'), async (_input, req) => ports.mail.configured(conferenceOf(req)));

  // spec 7 sendEmail: type 'NotAll' to the chosen registrants, '' to all of them.
  route(router, api.sendMail, access('manager'), async ({ body: { data } }, req) => {
    if (data.type === 'NotAll' && !data.ids?.length) throw new AppError(400, 'registration:userMsg', { field: 'ids' });
    if (!(await ports.mail.configured(conferenceOf(req)))) throw new AppError(400, 'registration:noMailConfig');
    const ids = data.type === 'NotAll' ? data.ids! : await repo.allRegistrantIds(db, conferenceOf(req), {});
    const to = (await repo.registrantsByIds(db, conferenceOf(req), ids)).map((r) => r.email);
    if (!to.length) throw new AppError(400, 'registration:userMsg', { field: 'ids' });
    // The manager writes plain text: it is escaped, and its line breaks kept.
    const html = plainTextHtml(data.content);
    const messages = await ports.mail.sendBulk(conferenceOf(req), to, data.title, data.content, html);
    return { recipients: to.length, messages };
  });

  return router;
}
