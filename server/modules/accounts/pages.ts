/**
 * The account pages (spec 2.5–2.7): /conferencelogin, /userRegister, /register, /resetPassword.
 *
 * On the platform host the forms are islands of the page. On a conference host, where the
 * managers' scripts run, the forms are a frame served by the platform host (/embed/account/…),
 * and a successful sign-in comes back through /auth/handoff (handoff.ts, docs/accounts.md).
 * /resetPassword sits inside the site template; the others keep the account page's own look.
 */
import { Router, type Request, type Response } from 'express';
import { LANGUAGE_TYPE, type Lang } from '../../contract/enums';
import { safeRedirectPath } from '../../contract/redirect';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { renderVikePage } from '../../platform/vike';
import { setTokenCookie } from '../../platform/session';
import { clearPlantedCookies } from '../../platform/hostCookies';
import { frameAncestors } from '../../platform/csp';
import { SLOTS, withHandoffState } from '../../platform/pageCache';
import { sendKeptPage, type KeepPage, type SlotValue } from '../../platform/keptPages';
import { renderIsland } from '../../../renderer/islands.server';
import { sendAppPageInTemplate } from '../sites/index';
import { textIn } from '../../contract/bilingual';
import type { AccountPageProps, AccountView, EmbedView } from './pageProps';
import { IdentityProviders } from './providers';
import { listOrganisations } from './ssoRoutes';
import { conferenceOfOrigin, HANDOFF_PATH, handoffState, handoffStates } from './handoff';
import { findUserById } from './repo';
import { loadIdentity } from './service';
import { identityOf, siteOf } from '../../platform/context';

const TEXT_KEYS = [
  'accountLogin',
  'orgLogin',
  'backToSite',
  'alreadyLoggedIn',
  'continue',
  'goRegister',
  'registrationClosed',
  'loginTitle2',
  'signUpTitle',
  'resetTitle',
  'switchLanguage',
  'frameTitle',
] as const;

const TITLES: Record<AccountView, string> = {
  login: 'auth.loginTitle',
  loggedIn: 'auth.loginTitle',
  signup: 'auth.signUpTitle',
  register: 'auth.registerTitle',
  closed: 'auth.registerTitle',
  reset: 'auth.resetTitle',
};

const EMBED_VIEWS = new Set<EmbedView>(['login', 'signup', 'register', 'reset']);

/** `scheme://platform-host[:port]`: where the account forms of a conference's pages are served. */
export function platformOrigin(req: Request, config: Pick<Deps['config'], 'PLATFORM_URL' | 'PLATFORM_HOST'>): string {
  // PLATFORM_URL when set; else the platform host reached the way this request came.
  if (config.PLATFORM_URL) return config.PLATFORM_URL.replace(/\/+$/, '');
  const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
  return `${req.protocol}://${config.PLATFORM_HOST}${port}`;
}

/** The address of the platform's frame for a view of a conference's account page. */
function frameSrc(req: Request, res: Response, deps: Deps, view: EmbedView, redirect: string | null): string {
  res.locals.handoffState = handoffState(req, res, deps.isHttps(req));
  const query = new URLSearchParams({
    origin: `${req.protocol}://${req.headers.host}`,
    // The page is rendered with a slot for the state and reused; the state goes in when it is sent.
    state: SLOTS.handoffState,
    lang: req.ctx.lang,
  });
  if (redirect) query.set('redirect', redirect);
  const identity = identityOf(req);
  if (view === 'reset' && identity) query.set('email', identity.user.email);
  return `${platformOrigin(req, deps.config)}/embed/account/${view}?${query.toString()}`;
}

/**
 * The platform's frame of a view, as a server-rendered island for a page of a conference
 * (the registration page shows it to people without an account).
 */
export function accountFrameIsland(
  req: Request,
  res: Response,
  deps: Deps,
  view: EmbedView,
  redirect: string | null,
): string {
  return renderIsland(
    'AccountFrame',
    { src: frameSrc(req, res, deps, view, redirect), title: t(req.ctx.lang, 'auth.frameTitle') },
    'account-frame-island',
  );
}

/**
 * The account frame's hand-over state in a kept page (its slot `handoffState`): the one this
 * answer already chose (the frame's address was made with it) or, on the fast path, the
 * browser's own or a new one with its cookie.
 */
export function frameStateSlot(deps: Deps): SlotValue {
  return (req, res) => {
    const chosen = (res as Partial<Response>).locals?.handoffState;
    return typeof chosen === 'string' ? chosen : handoffState(req, res, deps.isHttps(req));
  };
}

function textFor(lang: Lang, view: AccountView, userName: string): Record<string, string> {
  const textMap: Record<string, string> = Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `auth.${k}`)]));
  textMap.title = t(lang, TITLES[view]);
  textMap.loggedInAs = t(lang, 'auth.loggedInAs', { name: userName });
  return textMap;
}

/**
 * An account page in one of its views (the registration feature shows /register with it), kept
 * when its route declares so (the sign-in and sign-up pages of a conference, for anonymous
 * visitors: they depend on the site, the address and the organisations list, whose changes drop
 * them). `closedKey`: what the closed view says, when not that the registration window is closed
 * (the registration service not opened at all, spec 8).
 */
export async function renderAccountPage(
  deps: Deps,
  req: Request,
  res: Response,
  view: AccountView,
  closedKey?: string,
): Promise<void> {
  const { lang } = req.ctx;
  const site = siteOf(req);
  const identity = identityOf(req);
  const platform = site === null;
  const siteName = site ? textIn(site.config.conferenceName, lang) : t(lang, 'platform.name');
  const shown: AccountView = identity && view !== 'reset' && view !== 'closed' ? 'loggedIn' : view;
  const textMap = textFor(lang, shown, identity?.user.trueName || identity?.user.email || '');
  if (closedKey) textMap.registrationClosed = t(lang, closedKey);
  const redirect = safeRedirectPath(req.query.redirect, '') || null;
  const afterSignUp = platform ? '/' : '/conferenceRegister';
  const framed = !platform && EMBED_VIEWS.has(shown as EmbedView);
  const props: AccountPageProps = {
    view: shown,
    lang,
    text: textMap,
    siteName,
    shortTitle: site ? textIn(site.config.shortTitle, lang) : '',
    bilingual: !site || site.config.languageType === LANGUAGE_TYPE.bilingual,
    platform,
    redirect,
    // After an organisation login: the registration form when that is what the person came for.
    orgState: shown === 'register' ? '/conferenceRegister' : '/profile/userInfo',
    commonOrgs:
      platform || (shown !== 'login' && shown !== 'register')
        ? []
        : await listOrganisations(new IdentityProviders(deps.db), {
            selectInput: 'edugain,local',
            query: '',
            target: shown === 'register' ? '/conferenceRegister' : '/profile/userInfo',
          }),
    userName: identity?.user.trueName ?? '',
    afterSignUp,
    // A conference's origin never shows a password field: the platform's frame does.
    frameSrc: framed
      ? frameSrc(
          req,
          res,
          deps,
          shown as EmbedView,
          shown === 'signup' || shown === 'register' ? (redirect ?? afterSignUp) : redirect,
        )
      : null,
    embed: null,
  };
  // Spec 2.5: a conference's login page is titled with the conference's name.
  const title = !platform && view === 'login' ? siteName : `${textMap.title} - ${siteName}`;
  const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title } });
  if (!rendered) throw new Error('Vike did not render the account page');
  res.setHeader('Cache-Control', 'private, no-store');
  if (sendKeptPage(req, res, () => rendered.body, {})) return;
  res.status(200).type('html').send(withHandoffState(res, rendered.body));
}

export function accountPageRouter(deps: Deps): Router {
  const { sites, db } = deps;
  const router = Router();
  const render = (req: Request, res: Response, view: AccountView) => renderAccountPage(deps, req, res, view);
  // Kept for anonymous visitors only: a signed-in person's page names them, and the reset frame carries their e-mail.
  const keep: KeepPage = { for: 'anonymous', slots: { handoffState: frameStateSlot(deps) } };

  router.get('/conferencelogin', screen('anonymous', 'any', { keep }), (req, res) => render(req, res, 'login'));
  router.get('/userRegister', screen('anonymous', 'any', { keep }), (req, res) => render(req, res, 'signup'));
  // /register (spec 2.6): outside the registration window "registration not open"; inside, login
  // with the account sign-up next to it.

  router.get('/resetPassword', screen('anonymous', 'any', { keep }), async (req, res) => {
    const { lang } = req.ctx;
    const site = siteOf(req);
    if (!site) return render(req, res, 'reset');
    const redirect = safeRedirectPath(req.query.redirect, '') || null;
    const frame = renderIsland(
      'AccountFrame',
      { src: frameSrc(req, res, deps, 'reset', redirect), title: t(lang, 'auth.frameTitle') },
      'reset-password-island',
    );
    // The page template shows the page name as the heading.
    const html = `<div class="app-page app-page-reset">${frame}</div>`;
    await sendAppPageInTemplate(req, res, sites, { name: t(lang, 'auth.resetTitle'), html });
  });

  // The platform's frame inside a conference's account pages: the forms, on the platform origin,
  // framed only by that conference's own origin. The sign-in is handed over, never set here.
  router.get('/embed/account/:view', screen('anonymous', 'platform'), async (req, res) => {
    const view = String(req.params.view) as EmbedView;
    const lang: Lang = req.query.lang === 'en' ? 'en' : 'zh';
    const state =
      typeof req.query.state === 'string' && /^[A-Za-z0-9_-]{32,64}$/.test(req.query.state) ? req.query.state : null;
    const target = await conferenceOfOrigin(String(req.query.origin ?? ''), (host) => sites.conferenceIdForHost(host), {
      httpsOnly: req.secure,
    }).catch(() => null);
    if (!EMBED_VIEWS.has(view) || !state || !target) return void res.redirect(302, '/404');
    const snapshot = await sites.snapshot(target.conferenceId);
    const redirect = safeRedirectPath(req.query.redirect, '') || null;
    const email = typeof req.query.email === 'string' && req.query.email.length <= 254 ? req.query.email : null;
    const props: AccountPageProps = {
      view,
      lang,
      text: textFor(lang, view, ''),
      siteName: snapshot ? textIn(snapshot.config.conferenceName, lang) : '',
      shortTitle: '',
      bilingual: false,
      platform: false,
      redirect,
      orgState: '',
      commonOrgs: [],
      userName: '',
      afterSignUp: redirect ?? '/conferenceRegister',
      frameSrc: null,
      // A slot, so that the frame's render is reused; the state goes in when it is sent.
      embed: { origin: target.origin, state: SLOTS.handoffState, redirect, email },
    };
    res.locals.handoffState = state;
    const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title: props.text.title } });
    if (!rendered) throw new Error('Vike did not render the account frame');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Security-Policy', frameAncestors(target.origin));
    res.removeHeader('X-Frame-Options');
    res.status(200).type('html').send(withHandoffState(res, rendered.body));
  });

  // The conference's side of the hand-over: a one-time code for this conference and this
  // browser's state becomes the conference's session cookie.
  router.get(HANDOFF_PATH, screen('anonymous', 'conference'), async (req, res) => {
    const conferenceId = conferenceOf(req);
    const redirect = safeRedirectPath(req.query.redirect, '') || null;
    // A state cookie sent twice was set by someone else (a sibling conference's script): refused.
    const { states, duplicates } = handoffStates(req, req.secure);
    for (const name of duplicates) clearPlantedCookies(res, req, name);
    const userId = duplicates.length
      ? null
      : await deps.handoffs.redeem(String(req.query.code ?? ''), conferenceId, states);
    const user = userId === null ? undefined : await findUserById(db, userId);
    res.setHeader('Cache-Control', 'no-store');
    if (!user)
      return void res.redirect(302, `/conferencelogin${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
    const { token, expiresAt } = await deps.sessions.issue(
      { id: user.id, trueName: user.true_name, umtId: user.umt_id, cstnetId: user.cstnet_id ?? user.email },
      conferenceId,
    );
    setTokenCookie(res, token, expiresAt, req.secure);
    if (redirect) return void res.redirect(302, redirect);
    // As the login form did: registered people to their personal centre, others to the registration.
    const identity = await loadIdentity(db, conferenceId, user.id);
    res.redirect(302, identity?.roles.includes('attendee') ? '/profile/userInfo' : '/conferenceRegister');
  });

  return router;
}
