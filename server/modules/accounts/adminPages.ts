/**
 * The platform host's pages (DESIGN.md 4): its home (published conferences, sign-in) and the
 * platform administration for super admins: identity providers and super admins. They exist on
 * the platform host only, which keeps super-admin sessions away from managers' scripts.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Db } from '../../db/index';
import { access } from '../../platform/access';
import { t } from '../../platform/i18n';
import { renderVikePage } from '../../platform/vike';
import type { SiteService } from '../sites/service';
import { presentProvider, IdentityProviders } from './providers';
import { listSuperAdmins } from './superAdmins';
import type { AdminPageProps } from '../../../pages/admin/+Page';
import type { ManageScreen } from '../../../pages/platform/+Page';
import { myConferencesPanel } from '../conferences/home';

const TEXT_KEYS = ['platformName', 'adminTitle', 'providersTitle', 'superAdminsTitle', 'conferencesTitle', 'noConferences', 'signIn', 'switchLanguage'];
const MENU = [
  { href: '/admin/identityProviders', key: 'admin.providersTitle' },
  { href: '/admin/superAdmins', key: 'admin.superAdminsTitle' },
  { href: '/admin/publications', key: 'manageConference:queue.title' },
  { href: '/admin/units', key: 'units:title' },
];

/** A screen of another feature on the platform host (e.g. "Create conference"): the layout and its island. */
export async function renderPlatformScreen(req: Request, res: Response, screen: { title: string; island: ManageScreen }): Promise<void> {
  const { lang, identity, mobile } = req.ctx;
  const text = Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `admin.${k}`)]));
  text.platformName = t(lang, 'platform.name');
  const props: AdminPageProps = {
    view: 'home',
    lang,
    mobile,
    text,
    menu: identity?.superAdmin ? MENU.map((m) => ({ href: m.href, label: t(lang, m.key), active: req.path === m.href })) : [],
    user: identity ? { id: identity.user.id, name: identity.user.trueName || identity.user.email } : null,
    conferences: [],
    providers: [],
    admins: [],
    origin: `${req.protocol}://${req.headers.host}`,
    screen,
  };
  const rendered = await renderVikePage(req, { area: 'platform', pageProps: props, shell: { lang, title: `${screen.title} - ${text.platformName}` } });
  if (!rendered) throw new Error('Vike did not render the platform page');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).type('html').send(rendered.body);
}

export function adminPageRouter(db: Db, sites: SiteService): Router {
  const router = Router();
  const providers = new IdentityProviders(db);
  const platformOnly = (req: Request, _res: Response, next: NextFunction) => (req.ctx.site ? next('router') : next());
  const superAdminOnly = (req: Request, res: Response, next: NextFunction) => {
    if (!req.ctx.identity) return res.redirect(302, `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`);
    if (!req.ctx.identity.superAdmin) return res.redirect(302, '/403');
    next();
  };
  router.use(platformOnly);

  async function render(req: Request, res: Response, view: AdminPageProps['view']): Promise<void> {
    const { lang, identity, mobile } = req.ctx;
    const text = Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `admin.${k}`)]));
    text.platformName = t(lang, 'platform.name');
    const props: AdminPageProps = {
      view,
      lang,
      mobile,
      text,
      menu: identity?.superAdmin ? MENU.map((m) => ({ href: m.href, label: t(lang, m.key), active: req.path === m.href })) : [],
      user: identity ? { id: identity.user.id, name: identity.user.trueName || identity.user.email } : null,
      conferences: view === 'home' ? await sites.publishedConferences(lang, `${req.protocol}://`, req.headers.host ?? '') : [],
      providers: view === 'providers' ? (await providers.listAll()).map(presentProvider) : [],
      admins: view === 'superAdmins' ? await listSuperAdmins(db) : [],
      origin: `${req.protocol}://${req.headers.host}`,
      mine: view === 'home' ? await myConferencesPanel(db, req) : undefined,
    };
    const title = view === 'home' ? text.platformName : view === 'providers' ? text.providersTitle : text.superAdminsTitle;
    const rendered = await renderVikePage(req, { area: 'platform', pageProps: props, shell: { lang, title } });
    if (!rendered) throw new Error('Vike did not render the platform page');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).type('html').send(rendered.body);
  }

  router.get('/', access('anonymous'), (req, res) => render(req, res, 'home'));
  router.get('/admin', access('anonymous', 'platform'), superAdminOnly, (_req, res) => res.redirect(302, '/admin/identityProviders'));
  router.get('/admin/identityProviders', access('anonymous', 'platform'), superAdminOnly, (req, res) => render(req, res, 'providers'));
  router.get('/admin/superAdmins', access('anonymous', 'platform'), superAdminOnly, (req, res) => render(req, res, 'superAdmins'));
  return router;
}
