/** Session calls. Sign-in and sign-up arrive with the accounts issue; logout revokes here. */
import { Router } from 'express';
import { access } from '../../platform/access';
import { clearTokenCookie, type Sessions } from '../../platform/session';
import { t } from '../../platform/i18n';

export function accountRouter(sessions: Sessions, secureCookies: boolean): Router {
  const router = Router();

  // DELETE /base/oauth/logout: answers {flag, message} (spec 2.3). Without a session it still
  // clears the cookie, so a stale cookie never traps the browser.
  router.delete('/base/oauth/logout', access('anonymous'), async (req, res) => {
    if (req.ctx.session) await sessions.revoke(req.ctx.session.sessionId);
    clearTokenCookie(res, secureCookies);
    res.json({ code: 200, message: 'success', data: { flag: true, message: t(req.ctx.lang, 'logout.success') }, flag: true });
  });

  return router;
}
