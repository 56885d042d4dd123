/**
 * Account and session calls at the spec's paths (section 7, "Authentication" and "Account and
 * verification"). Thin: parse → (access declared) → service → answer.
 */
import { Router, type Request, type Response } from 'express';
import { access, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { Reply, route, SENT } from '../../platform/route';
import { clearTokenCookie, setTokenCookie } from '../../platform/session';
import { accountsApi, type SignedIn } from '../../contract/accounts';
import { isStrongPassword, type CodeType } from '../../contract/validation';
import { rememberLanguage, updateName } from './service';
import type { Lang } from '../../contract/enums';
import { passportLogoutUrl } from './ssoRoutes';
import { textIn } from '../../contract/bilingual';
import { safeRedirectPath } from '../../contract/redirect';
import { AppError } from '../../platform/errors';
import type { HandoffRequest, Issued } from './auth';
import { conferenceOfOrigin, handoffUrl } from './handoff';
import { identityOf, siteOf } from '../../platform/context';

/** The codes that prove an e-mail for the platform account itself: asked for on the platform origin only. */
const ACCOUNT_CODES = new Set<CodeType>(['registerCode', 'resetPassCode']);

function siteName(req: Request, lang: Lang = req.ctx.lang): string {
  const site = siteOf(req);
  return site ? textIn(site.config.conferenceName, lang) : t(lang, 'platform.name');
}

type HandoffInput = { origin: string; state: string; redirect?: string } | undefined;
type Handoff = HandoffRequest & { origin: string; redirect: string | null };

export function accountRouter(deps: Deps): Router {
  const { sessions, auth, codes } = deps;
  const router = Router();

  /** The conference a sign-in typed in its frame is for; undefined for a sign-in on the platform itself. */
  async function handoffOf(req: Request, input: HandoffInput): Promise<Handoff | undefined> {
    if (!input) return undefined;
    // Never from https down to http: a sign-in typed over https is handed over over https.
    const { conferenceId, origin } = await conferenceOfOrigin(
      input.origin,
      (host) => deps.sites.conferenceIdForHost(host),
      { httpsOnly: req.secure },
    );
    return { conferenceId, state: input.state, origin, redirect: safeRedirectPath(input.redirect, '') || null };
  }

  /** A platform session cookie, or (in a conference's frame) the address that hands the sign-in over. */
  function answerSignIn(req: Request, res: Response, issued: Issued, handoff: Handoff | undefined): SignedIn {
    if (issued.handoffCode !== undefined)
      return { ...issued.claims, handoffUrl: handoffUrl(handoff!.origin, issued.handoffCode, handoff!.redirect) };
    setTokenCookie(res, issued.token, issued.expiresAt, req.secure);
    return issued.claims;
  }

  // Passwords are typed only on the platform origin (docs/security.md): these calls do not exist
  // on a conference host, where the managers' scripts run.
  route(router, accountsApi.login, access('anonymous', 'platform'), async ({ body }, req, res) => {
    const handoff = await handoffOf(req, body.handoff);
    const issued = await auth.login({
      email: body.email,
      password: body.password,
      ip: req.ip ?? '',
      conferenceId: null,
      handoff,
    });
    return answerSignIn(req, res, issued, handoff);
  });

  route(router, accountsApi.register, access('anonymous', 'platform'), async ({ body }, req, res) => {
    const handoff = await handoffOf(req, body.handoff);
    const issued = await auth.register({
      email: body.email,
      trueName: body.trueName,
      password: body.passWord,
      code: body.verifyCode,
      ip: req.ip ?? '',
      conferenceId: null,
      handoff,
      lang: body.lang,
    });
    return answerSignIn(req, res, issued, handoff);
  });

  // Answers {flag, message} in the envelope and `flag` beside it (spec 2.3). Without a session it
  // still clears the cookie, so a stale cookie never traps the browser.
  route(router, accountsApi.logout, access('anonymous'), async (_input, req, res) => {
    if (req.ctx.session) await sessions.revoke(req.ctx.session.sessionId);
    clearTokenCookie(res, req.secure);
    // With a passport provider the browser goes on to its logout address (spec 2.3).
    const logoutUrl = await passportLogoutUrl(`${req.protocol}://${req.headers.host}`, deps.db);
    res.json({
      code: 200,
      message: 'success',
      data: { flag: true, message: t(req.ctx.lang, 'logout.success'), logoutUrl },
      flag: true,
    });
    return SENT;
  });

  // The super-admin check by cstnetId: it only ever answers about the caller.
  route(router, accountsApi.isAdmin, access('user'), ({ body }, req) => {
    const identity = identityOf(req)!;
    const own =
      !body.cstnetId || body.cstnetId.toLowerCase() === (identity.user.cstnetId ?? identity.user.email).toLowerCase();
    return own && identity.superAdmin;
  });

  // Personal information: the account's name (the e-mail is the account itself).
  // The language switch: remembered for the hosts the person has not chosen a language on yet.
  route(router, accountsApi.locale, access('user'), async ({ body }, req) => {
    await rememberLanguage(deps.db, userOf(req), body.lang);
    return true as const;
  });
  route(router, accountsApi.updateInfo, access('user'), async ({ body }, req) => {
    await updateName(deps.db, identityOf(req)!.user.id, body.trueName);
    return { trueName: body.trueName };
  });

  route(router, accountsApi.checkEmail, access('anonymous'), async ({ query }, req) => {
    const { data, message } = await auth.checkEmail(query.email, req.ip ?? '', query.purpose === 'registerCode');
    return new Reply(data, message);
  });

  route(router, accountsApi.checkPasswordContent, access('anonymous'), ({ body }) =>
    isStrongPassword(body.data) ? 1 : 0,
  );

  // About the caller's own password: only where passwords are typed, never a conference's origin.
  route(router, accountsApi.checkPassword, access('user', 'platform'), async ({ body }, req) =>
    auth.checkOwnPassword(identityOf(req)!.user.id, body.password),
  );

  route(router, accountsApi.sendCode, access('anonymous'), async ({ body: { data } }, req) => {
    accountCodesOnPlatformOnly(req, data.type);
    const lang = data.lang ?? req.ctx.lang;
    const sent = await auth.sendCode({
      email: data.email,
      purpose: data.type,
      conferenceId: req.ctx.conferenceId,
      ip: req.ip ?? '',
      lang,
      siteName: siteName(req, lang),
    });
    return { resendAfterSeconds: sent.resendAfterMs / 1000 };
  });

  // getEmailCode keeps its path but never gives the code: it says whether a code is right.
  route(router, accountsApi.checkCode, access('anonymous'), async ({ body: { data } }, req) => {
    accountCodesOnPlatformOnly(req, data.type);
    const result = await codes.check({ email: data.email, purpose: data.type, code: data.code, ip: req.ip ?? '' });
    return new Reply(
      { result },
      result === 'valid' ? 'success' : result === 'wrong' ? 'userReg.verifyCodeError' : 'userReg.validateTimeError',
    );
  });

  route(router, accountsApi.resetPassword, access('anonymous', 'platform'), async ({ body }, req) => {
    const { data } = body;
    const handoff = await handoffOf(req, body.handoff);
    const issued = await auth.resetPassword({
      email: data.email,
      code: data.verifyCode,
      ip: req.ip ?? '',
      name: data.name,
      password: data.password,
      keepSessionId: req.ctx.session?.sessionId,
      handoff,
    });
    const handoffTo =
      issued?.handoffCode !== undefined
        ? handoffUrl(handoff!.origin, issued.handoffCode, handoff!.redirect)
        : undefined;
    return { data: true as const, ...(handoffTo ? { handoffUrl: handoffTo } : {}) };
  });

  return router;
}

/** Sign-up and reset codes prove an e-mail for the platform account: asked for on the platform host only. */
function accountCodesOnPlatformOnly(req: Request, type: CodeType): void {
  if (ACCOUNT_CODES.has(type) && req.ctx.conferenceId !== null) throw new AppError(404, 'commonMsg.notFound');
}
