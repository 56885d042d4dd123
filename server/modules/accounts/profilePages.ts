/**
 * The personal centre (spec 2.10): its layout and menu, /profile/userInfo and its Edit screen.
 * A menu entry is listed only when its screen exists; later features add theirs to PROFILE_MENU.
 */
import { Router, type Request, type Response } from 'express';
import { access, isAttendee, isStaff } from '../../platform/access';
import { t } from '../../platform/i18n';
import { pageGuard } from '../../platform/pageGuard';
import { renderVikePage } from '../../platform/vike';
import { text } from '../sites/service';
import type { ProfilePageProps } from '../../../pages/profile/+Page';
import type { ManageScreen } from '../../../pages/platform/+Page';
import type { Lang } from '../../contract/enums';

/**
 * The entries of the personal-centre menu, in order, with their label keys. `attendeeOnly`
 * entries are shown to registered attendees (and staff) only.
 */
export const PROFILE_MENU: Array<{ href: string; labelKey: string; attendeeOnly?: boolean }> = [
  { href: '/profile/userInfo', labelKey: 'profile.menu.userInfo' },
  { href: '/profile/notice', labelKey: 'notices:menu.notice' },
  { href: '/profile/feedback', labelKey: 'feedback:menu.feedback' },
  { href: '/profile/download', labelKey: 'documents:menu.download', attendeeOnly: true },
];

/** Which menu entry a route highlights (spec 2.10 "Menu highlighting"). */
export function highlightedEntry(path: string): string {
  if (path.startsWith('/profile/order')) return '/profile/order/list';
  if (path.startsWith('/profile/conference/fee')) return '/profile/conference/fee';
  if (path.startsWith('/profile/userInfo') || path.startsWith('/profile/registration')) return '/profile/userInfo';
  if (path.startsWith('/profile/feedBackDetails')) return '/profile/feedback';
  return path;
}

const TEXT_KEYS = ['registrationTitle', 'registrationCode', 'editRegistration', 'title', 'menuLabel', 'userInfoTitle', 'editTitle', 'edit', 'name', 'email', 'accountId', 'status', 'registered', 'notRegistered', 'notRegisteredHint', 'goRegister', 'roles', 'changePassword', 'backToSite', 'separator'];


type ProfileView = { view: ProfilePageProps['view']; title?: string; screen?: ManageScreen; registration?: ProfilePageProps['registration'] };

async function sendProfilePage(req: Request, res: Response, shown: ProfileView): Promise<void> {
  const { site, lang } = req.ctx;
  const identity = req.ctx.identity!;
  const active = highlightedEntry(req.path);
  const attendee = isAttendee(identity) || isStaff(identity);
  const props: ProfilePageProps = {
    ...shown,
    lang,
    text: Object.fromEntries(TEXT_KEYS.map((k) => [k, t(lang, `profile.${k}`)])),
    siteName: text(site!.config.conferenceName, lang),
    shortTitle: text(site!.config.shortTitle, lang),
    menu: PROFILE_MENU.filter((item) => attendee || !item.attendeeOnly).map((item) => ({ href: item.href, label: t(lang, item.labelKey), active: item.href === active })),
    user: {
      name: identity.user.trueName,
      email: identity.user.email,
      id: identity.user.id,
      umtId: identity.user.umtId,
      attendee: isAttendee(identity),
      roles: identity.roles.filter((r) => r !== 'attendee').map((r) => t(lang, `profile.role.${r}`)),
    },
  };
  const title = shown.title ?? (shown.view === 'userInfoEdit' ? props.text.editTitle : props.text.userInfoTitle);
  const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title: `${title} - ${props.siteName}` } });
  if (!rendered) throw new Error('Vike did not render the personal centre');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).type('html').send(rendered.body);
}

/**
 * A personal-centre screen of a feature: the layout with its menu, and the island that is the
 * screen. Route handlers call this after `pageGuard('profile')` has let the user in.
 */
export async function renderProfileScreen(req: Request, res: Response, screen: { title: string; island: ManageScreen }): Promise<void> {
  await sendProfilePage(req, res, { view: 'screen', title: screen.title, screen: screen.island });
}

/** The personal centre belongs to a conference; the platform host has none. */
export function onConferenceSite(req: Request, res: Response, next: () => void): void {
  if (req.ctx.site) return next();
  res.redirect(302, '/404');
}

/** The person's registration in this conference, shown under their information (from the registration feature). */
export type RegistrationSummary = (conferenceId: number, userId: number, lang: Lang) => Promise<ProfilePageProps['registration']>;

export function profilePageRouter(deps: { registration?: RegistrationSummary } = {}): Router {
  const router = Router();

  async function render(req: Request, res: Response, view: ProfilePageProps['view']): Promise<void> {
    const registration = view === 'userInfo' && deps.registration ? await deps.registration(req.ctx.conferenceId!, req.ctx.identity!.user.id, req.ctx.lang) : undefined;
    await sendProfilePage(req, res, { view, registration });
  }

  const onConference = onConferenceSite;
  router.get('/profile', access('anonymous'), onConference, pageGuard('profile'), (_req, res) => res.redirect(302, '/profile/userInfo'));
  router.get('/profile/userInfo', access('anonymous'), onConference, pageGuard('profile'), (req, res) => render(req, res, 'userInfo'));
  router.get('/profile/userInfo/Edit', access('anonymous'), onConference, pageGuard('profile'), (req, res) => render(req, res, 'userInfoEdit'));
  return router;
}
