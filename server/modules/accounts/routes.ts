/**
 * Account and session calls at the spec's paths (section 7, "Authentication" and "Account and
 * verification"). Thin: parse → (access declared) → service → answer.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { sendOk } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { clearTokenCookie, setTokenCookie } from '../../platform/session';
import { parseInput } from '../../platform/validate';
import { checkCodeInput, emailField, isStrongPassword, loginInput, nameField, registerInput, resetPasswordInput, sendCodeInput } from '../../contract/validation';
import { updateName } from './service';
import { passportLogoutUrl } from './ssoRoutes';
import { text } from '../../platform/site';
import { safeRedirectPath } from '../../contract/redirect';
import type { CodeType } from '../../contract/validation';
import { AppError } from '../../platform/errors';
import type { HandoffRequest, Issued } from './auth';
import { conferenceOfOrigin, handoffUrl } from './handoff';

/** The codes that prove an e-mail for the platform account itself: asked for on the platform origin only. */
const ACCOUNT_CODES = new Set<CodeType>(['registerCode', 'resetPassCode']);

const PREFIX = '/conference/conferenceRegUserConfig';

function siteName(req: Request): string {
  const site = req.ctx.site;
  return site ? text(site.config.conferenceName, req.ctx.lang) : t(req.ctx.lang, 'platform.name');
}


type HandoffInput = { origin: string; state: string; redirect?: string } | undefined;
type Handoff = HandoffRequest & { origin: string; redirect: string | null };

export function accountRouter(deps: Deps): Router {
  const { sessions, auth, codes, secureCookies } = deps;
  const router = Router();

  /** The conference a sign-in typed in its frame is for; undefined for a sign-in on the platform itself. */
  async function handoffOf(req: Request, input: HandoffInput): Promise<Handoff | undefined> {
    if (!input) return undefined;
    // Never from https down to http: a sign-in typed over https is handed over over https.
    const { conferenceId, origin } = await conferenceOfOrigin(input.origin, (host) => deps.sites.conferenceIdForHost(host), { httpsOnly: req.secure });
    return { conferenceId, state: input.state, origin, redirect: safeRedirectPath(input.redirect, '') || null };
  }

  /** A platform session cookie, or (in a conference's frame) the address that hands the sign-in over. */
  function answerSignIn(res: Response, issued: Issued, handoff: Handoff | undefined): void {
    if (issued.handoffCode !== undefined) {
      sendOk(res, { ...issued.claims, handoffUrl: handoffUrl(handoff!.origin, issued.handoffCode, handoff!.redirect) });
      return;
    }
    setTokenCookie(res, issued.token, issued.expiresAt, secureCookies);
    sendOk(res, issued.claims);
  }

  // Passwords are typed only on the platform origin (docs/security.md): these calls do not exist
  // on a conference host, where the managers' scripts run.
  router.post('/base/oauth/localLogin', access('anonymous', 'platform'), async (req, res) => {
    const input = parseInput(loginInput, req.body);
    const handoff = await handoffOf(req, input.handoff);
    const issued = await auth.login({ email: input.email, password: input.password, ip: req.ip ?? '', conferenceId: null, handoff });
    answerSignIn(res, issued, handoff);
  });

  router.post('/base/oauth/register', access('anonymous', 'platform'), async (req, res) => {
    const input = parseInput(registerInput, req.body);
    const handoff = await handoffOf(req, input.handoff);
    const issued = await auth.register({ email: input.email, trueName: input.trueName, password: input.passWord, code: input.verifyCode, ip: req.ip ?? '', conferenceId: null, handoff });
    answerSignIn(res, issued, handoff);
  });

  // DELETE /base/oauth/logout: answers {flag, message} (spec 2.3). Without a session it still
  // clears the cookie, so a stale cookie never traps the browser.
  router.delete('/base/oauth/logout', access('anonymous'), async (req, res) => {
    if (req.ctx.session) await sessions.revoke(req.ctx.session.sessionId);
    clearTokenCookie(res, secureCookies);
    // With a passport provider the browser goes on to its logout address (spec 2.3).
    const logoutUrl = await passportLogoutUrl(`${req.protocol}://${req.headers.host}`, deps.db);
    res.json({ code: 200, message: 'success', data: { flag: true, message: t(req.ctx.lang, 'logout.success'), logoutUrl }, flag: true });
  });

  // The super-admin check by cstnetId: it only ever answers about the caller.
  router.post('/base/admin/isAdmin', access('user'), (req, res) => {
    const { cstnetId } = parseInput(z.object({ cstnetId: z.string().max(254).optional() }), req.body ?? {});
    const identity = req.ctx.identity!;
    const own = !cstnetId || cstnetId.toLowerCase() === (identity.user.cstnetId ?? identity.user.email).toLowerCase();
    sendOk(res, own && identity.superAdmin);
  });

  // Personal information: the account's name (the e-mail is the account itself).
  router.put('/base/user/info', access('user'), async (req, res) => {
    const { trueName } = parseInput(z.object({ trueName: nameField }), req.body);
    await updateName(deps.db, req.ctx.identity!.user.id, trueName);
    sendOk(res, { trueName });
  });

  router.get(`${PREFIX}/checkEmail`, access('anonymous'), async (req, res) => {
    const { email } = parseInput(z.object({ email: emailField }), req.query);
    const { data, message } = await auth.checkEmail(email, req.ip ?? '');
    res.json({ code: 200, message, data });
  });

  router.post(`${PREFIX}/checkPasswordContent`, access('anonymous'), (req, res) => {
    const { data } = parseInput(z.object({ data: z.string().max(1000) }), req.body);
    sendOk(res, isStrongPassword(data) ? 1 : 0);
  });

  // About the caller's own password: only where passwords are typed, never a conference's origin.
  router.post(`${PREFIX}/checkPassword`, access('user', 'platform'), async (req, res) => {
    const { password } = parseInput(z.object({ password: z.string().min(1, 'passwordRequire').max(128) }), req.body);
    sendOk(res, await auth.checkOwnPassword(req.ctx.identity!.user.id, password));
  });

  router.post(`${PREFIX}/sendEmailCode`, access('anonymous'), async (req, res) => {
    const { data } = parseInput(sendCodeInput, req.body);
    accountCodesOnPlatformOnly(req, data.type);
    const sent = await auth.sendCode({ email: data.email, purpose: data.type, conferenceId: req.ctx.conferenceId, ip: req.ip ?? '', lang: req.ctx.lang, siteName: siteName(req) });
    sendOk(res, { resendAfterSeconds: sent.resendAfterMs / 1000 });
  });

  // getEmailCode keeps its path but never gives the code: it says whether a code is right.
  router.post(`${PREFIX}/getEmailCode`, access('anonymous'), async (req, res) => {
    const { data } = parseInput(checkCodeInput, req.body);
    accountCodesOnPlatformOnly(req, data.type);
    const result = await codes.check({ email: data.email, purpose: data.type, code: data.code, ip: req.ip ?? '' });
    const message = result === 'valid' ? 'success' : result === 'wrong' ? 'userReg.verifyCodeError' : 'userReg.validateTimeError';
    res.json({ code: 200, message, data: { result } });
  });

  router.post(`${PREFIX}/updatePassword`, access('anonymous', 'platform'), async (req, res) => {
    const { data, handoff: handoffInput } = parseInput(resetPasswordInput, req.body);
    const handoff = await handoffOf(req, handoffInput);
    const issued = await auth.resetPassword({ email: data.email, code: data.verifyCode, ip: req.ip ?? '', name: data.name, password: data.password, keepSessionId: req.ctx.session?.sessionId, handoff });
    const handoffTo = issued?.handoffCode !== undefined ? handoffUrl(handoff!.origin, issued.handoffCode, handoff!.redirect) : undefined;
    sendOk(res, { data: true, ...(handoffTo ? { handoffUrl: handoffTo } : {}) });
  });

  return router;
}

/** Sign-up and reset codes prove an e-mail for the platform account: asked for on the platform host only. */
function accountCodesOnPlatformOnly(req: Request, type: CodeType): void {
  if (ACCOUNT_CODES.has(type) && req.ctx.conferenceId !== null) throw new AppError(404, 'commonMsg.notFound');
}
