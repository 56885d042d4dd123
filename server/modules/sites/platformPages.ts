/**
 * The management area's layout (spec 2.12) and its first screen, the conference overview.
 * Managers and super admins see it at /platform; reviewers land on their area's entry page.
 */
import { Router, type Request, type Response } from 'express';
import { CONFERENCE_STATUS, LANGUAGE_TYPE } from '../../contract/enums';
import { access, isConferenceAdmin } from '../../platform/access';
import { t } from '../../platform/i18n';
import { pageGuard, REVIEWER_HOME } from '../../platform/pageGuard';
import { renderVikePage } from '../../platform/vike';
import { text } from './service';
import type { ManageScreen, PlatformPageProps } from '../../../pages/platform/+Page';
import { activeEntry, MANAGE_MENU } from './manageMenu';

const STATUS_KEYS: Record<string, { key: string; tone: PlatformPageProps['statusTone'] }> = {
  [CONFERENCE_STATUS.draft]: { key: 'manage.status.draft', tone: 'off' },
  [CONFERENCE_STATUS.pendingReview]: { key: 'manage.status.pendingReview', tone: 'waiting' },
  [CONFERENCE_STATUS.rejected]: { key: 'manage.status.rejected', tone: 'off' },
  [CONFERENCE_STATUS.published]: { key: 'manage.status.published', tone: 'ok' },
  [CONFERENCE_STATUS.closed]: { key: 'manage.status.closed', tone: 'off' },
};

const LANGUAGE_KEYS: Record<string, string> = {
  [LANGUAGE_TYPE.zhOnly]: 'manage.language.chinese',
  [LANGUAGE_TYPE.enOnly]: 'manage.language.english',
  [LANGUAGE_TYPE.bilingual]: 'manage.language.bilingual',
};

/** The menu of the management area for this user, with the entry of `path` marked. */
function manageMenu(req: Request, path: string) {
  const identity = req.ctx.identity!;
  const entries = MANAGE_MENU.filter((e) => (e.who === 'admin' ? isConferenceAdmin(identity) : !isConferenceAdmin(identity) && identity.roles.includes('reviewer')));
  const reviewerHome = { href: REVIEWER_HOME, labelKey: 'manage.menu.overview', who: 'reviewer' as const };
  const visible = isConferenceAdmin(identity) ? entries : [reviewerHome, ...entries];
  const active = activeEntry(path, visible);
  return visible.map((e) => ({ href: e.href, label: t(req.ctx.lang, e.labelKey), active: e.href === active }));
}

function shellText(req: Request) {
  const { lang } = req.ctx;
  return { areaTitle: t(lang, 'manage.title'), personalCenter: t(lang, 'userMenu.personalCenter'), backToSite: t(lang, 'profile.backToSite') };
}

async function sendManagePage(req: Request, res: Response, props: PlatformPageProps): Promise<void> {
  const rendered = await renderVikePage(req, { pageProps: props, shell: { lang: req.ctx.lang, title: `${props.title} - ${props.siteName}` } });
  if (!rendered) throw new Error('Vike did not render the management area');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).type('html').send(rendered.body);
}

/**
 * A management screen: the layout with its menu, and the island that is the screen. Route
 * handlers of features call this after `pageGuard('platform')` has let the user in.
 */
export async function renderManageScreen(req: Request, res: Response, screen: { title: string; island: ManageScreen }): Promise<void> {
  const site = req.ctx.site!;
  await sendManagePage(req, res, {
    lang: req.ctx.lang,
    text: shellText(req),
    siteName: text(site.config.conferenceName, req.ctx.lang),
    shortTitle: text(site.config.shortTitle, req.ctx.lang),
    menu: manageMenu(req, req.path),
    title: screen.title,
    screen: screen.island,
  });
}

/** Conference pages only exist on a conference's domain. */
export function onConference(req: Request, res: Response, next: () => void): void {
  if (req.ctx.site) return next();
  res.redirect(302, '/404');
}

/** `overviewActions`: an island under the overview for this request (the publication panel), or null. */
export function platformPageRouter(extras: { overviewActions?: (req: Request) => Promise<ManageScreen | null> } = {}): Router {
  const router = Router();

  async function overview(req: Request, res: Response): Promise<void> {
    const { lang } = req.ctx;
    const site = req.ctx.site!;
    const identity = req.ctx.identity!;
    const status = STATUS_KEYS[site.conference.status] ?? STATUS_KEYS[CONFERENCE_STATUS.draft];
    const c = site.config;
    const dates = c.startDate && c.endDate ? `${c.startDate} — ${c.endDate}` : '—';
    const roles = [...(identity.superAdmin ? ['superAdmin'] : []), ...identity.roles].map((r) => t(lang, `profile.role.${r}`));
    const props: PlatformPageProps = {
      lang,
      text: { ...shellText(req), statusLabel: t(lang, status.key) },
      siteName: text(c.conferenceName, lang),
      shortTitle: text(c.shortTitle, lang),
      menu: manageMenu(req, req.path),
      title: text(c.conferenceName, lang),
      overview: [
        [t(lang, 'manage.field.domain'), site.primaryDomain ?? req.ctx.host],
        [t(lang, 'manage.field.dates'), dates],
        [t(lang, 'manage.field.venue'), [text(c.city, lang), text(c.venue, lang)].filter(Boolean).join(' · ') || '—'],
        [t(lang, 'manage.field.language'), t(lang, LANGUAGE_KEYS[c.languageType])],
        [t(lang, 'manage.field.yourRoles'), roles.join(t(lang, 'profile.separator'))],
      ],
      statusTone: status.tone,
      actions: (await extras.overviewActions?.(req)) ?? undefined,
    };
    await sendManagePage(req, res, props);
  }

  router.get('/platform', access('anonymous'), onConference, pageGuard('platform'), overview);
  router.get(REVIEWER_HOME, access('anonymous'), onConference, pageGuard('platform'), overview);
  return router;
}

/** Mounted after every feature's screens: any other /platform address is guarded, then a 404. */
export function platformFallbackRouter(): Router {
  const router = Router();
  router.get('/platform/{*rest}', access('anonymous'), onConference, pageGuard('platform'), (_req, res) => res.redirect(302, '/404'));
  return router;
}
