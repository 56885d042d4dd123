/**
 * The account pages (spec 2.5–2.7): /conferencelogin, /userRegister, /register, /resetPassword.
 * Server-rendered with their forms as islands; /resetPassword sits inside the site template.
 */
import { Router, type Request, type Response } from 'express';
import { LANGUAGE_TYPE } from '../../contract/enums';
import { safeRedirectPath } from '../../contract/redirect';
import { access } from '../../platform/access';
import { t } from '../../platform/i18n';
import { renderVikePage } from '../../platform/vike';
import { renderIsland } from '../../../renderer/islands.server';
import { sendAppPageInTemplate } from '../sites/appPage';
import { text, type SiteService } from '../sites/service';
import type { AccountPageProps, AccountView } from '../../../pages/account/+Page';
import type { Db } from '../../db/index';
import { IdentityProviders } from './providers';
import { loadSettings, todayIn } from '../registration/settings';
import { windowOpen } from '../../contract/registration';
import { listOrganisations } from './ssoRoutes';

const TEXT_KEYS = [
  'accountLogin', 'orgLogin', 'backToSite', 'alreadyLoggedIn', 'continue', 'goRegister', 'registrationClosed',
  'loginTitle2', 'signUpTitle', 'resetTitle', 'switchLanguage',
] as const;

const TITLES: Record<AccountView, string> = {
  login: 'auth.loginTitle',
  loggedIn: 'auth.loginTitle',
  signup: 'auth.signUpTitle',
  register: 'auth.registerTitle',
  closed: 'auth.registerTitle',
  reset: 'auth.resetTitle',
};

export function accountPageRouter(sites: SiteService, db: Db): Router {
  const router = Router();
  const providers = new IdentityProviders(db);

  async function render(req: Request, res: Response, view: AccountView): Promise<void> {
    const { site, lang, identity } = req.ctx;
    const platform = site === null;
    const siteName = site ? text(site.config.conferenceName, lang) : t(lang, 'platform.name');
    const shown: AccountView = identity && view !== 'reset' && view !== 'closed' ? 'loggedIn' : view;
    const textMap: Record<string, string> = Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `auth.${k}`)]));
    textMap.title = t(lang, TITLES[shown]);
    textMap.loggedInAs = t(lang, 'auth.loggedInAs', { name: identity?.user.trueName || identity?.user.email || '' });
    const props: AccountPageProps = {
      view: shown,
      lang,
      text: textMap,
      siteName,
      shortTitle: site ? text(site.config.shortTitle, lang) : '',
      bilingual: !site || site.config.languageType === LANGUAGE_TYPE.bilingual,
      platform,
      redirect: safeRedirectPath(req.query.redirect, '') || null,
      orgState: '/profile/userInfo',
      commonOrgs: platform || shown !== 'login' ? [] : await listOrganisations(providers, { selectInput: 'edugain,local', query: '', target: '/profile/userInfo' }),
      userName: identity?.user.trueName ?? '',
      afterSignUp: platform ? '/' : '/conferenceRegister',
    };
    const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title: `${textMap.title} - ${siteName}` } });
    if (!rendered) throw new Error('Vike did not render the account page');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).type('html').send(rendered.body);
  }

  router.get('/conferencelogin', access('anonymous'), (req, res) => render(req, res, 'login'));
  router.get('/userRegister', access('anonymous'), (req, res) => render(req, res, 'signup'));
  // /register (spec 2.6): outside the registration window "registration not open"; inside, login
  // with the account sign-up next to it.
  router.get('/register', access('anonymous'), async (req, res) => {
    const site = req.ctx.site;
    const settings = site ? await loadSettings(db, site.conference.id) : null;
    const open = !settings || windowOpen(settings, todayIn(settings.timeZone));
    await render(req, res, open ? 'register' : 'closed');
  });

  router.get('/resetPassword', access('anonymous'), async (req, res) => {
    const { site, lang, identity } = req.ctx;
    if (!site) return render(req, res, 'reset');
    const form = renderIsland('ResetPasswordForm', { lang, email: identity?.user.email ?? null, name: identity?.user.trueName ?? null }, 'reset-password-island');
    // The page template shows the page name as the heading.
    const html = `<div class="app-page app-page-reset">${form}</div>`;
    await sendAppPageInTemplate(req, res, sites, { name: t(lang, 'auth.resetTitle'), html });
  });

  return router;
}
