/**
 * A person's own data on the platform host (contract/privacy.ts): their export and their erasure;
 * the super admin's erasure on request; the conference managers' log of erasures that touched them.
 */
import { Router } from 'express';
import { privacyApi } from '../../contract/privacy';
import { access, conferenceOf, screen, userOf } from '../../platform/access';
import { tooManyRequests } from '../../platform/errors';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { route } from '../../platform/route';
import { clearTokenCookie } from '../../platform/session';
import { workStarted } from '../../platform/work/index';
import { EXPORT_KIND } from './exportKind';
import { identityOf } from '../../platform/context';

/** Exports a person may start in a day: each reads every conference's rows about them and zips their files. */
export const EXPORTS_PER_DAY = 5;

export function privacyApiRouter(deps: Deps): Router {
  const { work, limiter, privacy, codes } = deps;
  const router = Router();

  route(router, privacyApi.latestExport, access('user', 'platform'), async (_input, req) =>
    work.latestOwn(userOf(req), EXPORT_KIND),
  );

  route(router, privacyApi.exportData, access('user', 'platform'), async (_input, req, res) => {
    const userId = userOf(req);
    // One at a time per person: asking again while one is queued or running shows that one.
    if ((await work.pendingOfPerson(userId, EXPORT_KIND)) > 0)
      return workStarted(res, (await work.latestOwn(userId, EXPORT_KIND))!);
    if (!(await limiter.hit(`privacy-export:${userId}`, EXPORTS_PER_DAY, 24 * 60 * 60_000)).allowed)
      throw tooManyRequests();
    const kind = work.kind(EXPORT_KIND)!;
    return workStarted(
      res,
      await work.ask(kind, { conferenceId: 0, userId, lang: req.ctx.lang, timeZone: 'UTC' }, { userId }),
    );
  });

  route(router, privacyApi.erasureCode, access('user', 'platform'), async (_input, req) => {
    const identity = identityOf(req)!;
    const sent = await codes.send({
      email: identity.user.email,
      purpose: 'erasureCode',
      conferenceId: null,
      ip: req.ip ?? '',
      lang: req.ctx.lang,
      siteName: t(req.ctx.lang, 'platform.name'),
    });
    return { resendAfterSeconds: Math.ceil(sent.resendAfterMs / 1000) };
  });

  route(router, privacyApi.erase, access('user', 'platform'), async ({ body }, req, res) => {
    const erasure = await privacy.erasures.confirmBySelf(userOf(req), body.code, req.ip ?? '');
    // The sessions ended in the confirming transaction; the browser forgets its cookie too.
    clearTokenCookie(res, req.secure);
    return erasure;
  });

  route(router, privacyApi.adminFind, access('superAdmin'), async ({ query }) =>
    privacy.erasures.findSubject(query.email),
  );
  route(router, privacyApi.adminErase, access('superAdmin'), async ({ body }, req) =>
    privacy.erasures.confirmByAdmin(userOf(req), body),
  );
  route(router, privacyApi.adminList, access('superAdmin'), async () => privacy.erasures.recent());
  return router;
}

export function privacyPageRouter({ shell, work, privacy }: Deps): Router {
  const router = Router();
  router.get('/account/data', screen('user', 'platform'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const userId = userOf(req);
    await shell.platformScreen(req, res, {
      title: t(lang, 'privacy:title'),
      island: {
        island: 'MyData',
        props: {
          lang,
          mobile,
          email: identityOf(req)!.user.email,
          latest: await work.latestOwn(userId, EXPORT_KIND),
          erasure: await privacy.erasures.latestOf(userId),
        },
      },
    });
  });
  router.get('/admin/erasure', screen('superAdmin'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.platformScreen(req, res, {
      title: t(lang, 'privacy:adminTitle'),
      island: { island: 'AdminErasure', props: { lang, mobile, recent: await privacy.erasures.recent() } },
    });
  });
  router.get('/platform/manage/erasures', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'privacy:manageTitle'),
      island: {
        island: 'ManageErasures',
        props: { lang, mobile, rows: await privacy.erasures.ofConference(conferenceOf(req)) },
      },
    });
  });
  return router;
}
