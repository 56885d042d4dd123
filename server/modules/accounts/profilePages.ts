/**
 * The personal centre (spec 2.10): its layout and menu, /profile/userInfo and its Edit screen.
 * A menu entry is listed only when its screen exists; later features add theirs to PROFILE_MENU.
 */
import { Router, type Request, type Response } from 'express';
import { access, isAttendee } from '../../platform/access';
import { t } from '../../platform/i18n';
import { pageGuard } from '../../platform/pageGuard';
import { renderVikePage } from '../../platform/vike';
import { text } from '../sites/service';
import type { ProfilePageProps } from '../../../pages/profile/+Page';

/** The entries of the personal-centre menu, in order, with their label keys. */
export const PROFILE_MENU: Array<{ href: string; labelKey: string }> = [{ href: '/profile/userInfo', labelKey: 'profile.menu.userInfo' }];

/** Which menu entry a route highlights (spec 2.10 "Menu highlighting"). */
export function highlightedEntry(path: string): string {
  if (path.startsWith('/profile/order')) return '/profile/order/list';
  if (path.startsWith('/profile/conference/fee')) return '/profile/conference/fee';
  if (path.startsWith('/profile/userInfo')) return '/profile/userInfo';
  return path;
}

const TEXT_KEYS = ['title', 'menuLabel', 'userInfoTitle', 'editTitle', 'edit', 'name', 'email', 'accountId', 'status', 'registered', 'notRegistered', 'notRegisteredHint', 'goRegister', 'roles', 'changePassword', 'backToSite', 'separator'];

export function profilePageRouter(): Router {
  const router = Router();

  async function render(req: Request, res: Response, view: ProfilePageProps['view']): Promise<void> {
    const { site, lang } = req.ctx;
    const identity = req.ctx.identity!;
    const active = highlightedEntry(req.path);
    const props: ProfilePageProps = {
      view,
      lang,
      text: Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `profile.${k}`)])),
      siteName: text(site!.config.conferenceName, lang),
      shortTitle: text(site!.config.shortTitle, lang),
      menu: PROFILE_MENU.map((item) => ({ href: item.href, label: t(lang, item.labelKey), active: item.href === active })),
      user: {
        name: identity.user.trueName,
        email: identity.user.email,
        id: identity.user.id,
        umtId: identity.user.umtId,
        attendee: isAttendee(identity),
        roles: identity.roles.filter((r) => r !== 'attendee').map((r) => t(lang, `profile.role.${r}`)),
      },
    };
    const title = view === 'userInfoEdit' ? props.text.editTitle : props.text.userInfoTitle;
    const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title: `${title} - ${props.siteName}` } });
    if (!rendered) throw new Error('Vike did not render the personal centre');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).type('html').send(rendered.body);
  }

  // The personal centre belongs to a conference; the platform host has none.
  const onConference = (req: Request, res: Response, next: () => void) => (req.ctx.site ? next() : res.redirect(302, '/404'));
  router.get('/profile', access('anonymous'), onConference, pageGuard('profile'), (_req, res) => res.redirect(302, '/profile/userInfo'));
  router.get('/profile/userInfo', access('anonymous'), onConference, pageGuard('profile'), (req, res) => render(req, res, 'userInfo'));
  router.get('/profile/userInfo/Edit', access('anonymous'), onConference, pageGuard('profile'), (req, res) => render(req, res, 'userInfoEdit'));
  return router;
}
