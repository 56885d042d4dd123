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
import type { PlatformPageProps } from '../../../pages/platform/+Page';

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

export function platformPageRouter(): Router {
  const router = Router();

  async function overview(req: Request, res: Response): Promise<void> {
    const { lang } = req.ctx;
    const site = req.ctx.site!;
    const identity = req.ctx.identity!;
    const home = isConferenceAdmin(identity) ? '/platform' : REVIEWER_HOME;
    const status = STATUS_KEYS[site.conference.status] ?? STATUS_KEYS[CONFERENCE_STATUS.draft];
    const c = site.config;
    const dates = c.startDate && c.endDate ? `${c.startDate} — ${c.endDate}` : '—';
    const roles = [...(identity.superAdmin ? ['superAdmin'] : []), ...identity.roles].map((r) => t(lang, `profile.role.${r}`));
    const props: PlatformPageProps = {
      lang,
      text: {
        areaTitle: t(lang, 'manage.title'),
        personalCenter: t(lang, 'userMenu.personalCenter'),
        backToSite: t(lang, 'profile.backToSite'),
        statusLabel: t(lang, status.key),
      },
      siteName: text(c.conferenceName, lang),
      shortTitle: text(c.shortTitle, lang),
      menu: [{ href: home, label: t(lang, 'manage.menu.overview'), active: true }],
      overview: [
        [t(lang, 'manage.field.domain'), site.primaryDomain ?? req.ctx.host],
        [t(lang, 'manage.field.dates'), dates],
        [t(lang, 'manage.field.venue'), [text(c.city, lang), text(c.venue, lang)].filter(Boolean).join(' · ') || '—'],
        [t(lang, 'manage.field.language'), t(lang, LANGUAGE_KEYS[c.languageType])],
        [t(lang, 'manage.field.yourRoles'), roles.join(t(lang, 'profile.separator'))],
      ],
      statusTone: status.tone,
    };
    const rendered = await renderVikePage(req, { pageProps: props, shell: { lang, title: `${props.text.areaTitle} - ${props.siteName}` } });
    if (!rendered) throw new Error('Vike did not render the management area');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).type('html').send(rendered.body);
  }

  const onConference = (req: Request, res: Response, next: () => void) => (req.ctx.site ? next() : res.redirect(302, '/404'));
  router.get('/platform', access('anonymous'), onConference, pageGuard('platform'), overview);
  router.get(REVIEWER_HOME, access('anonymous'), onConference, pageGuard('platform'), overview);
  // Any other /platform address: the guard decides first, then it is a screen that does not exist.
  router.get('/platform/{*rest}', access('anonymous'), onConference, pageGuard('platform'), (_req, res) => res.redirect(302, '/404'));
  return router;
}
