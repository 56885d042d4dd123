/**
 * The three layouts drawn around the features' screens (DESIGN.md 2): the management area, the
 * personal centre and the platform host. A feature renders a screen with `shell.manageScreen`,
 * `shell.profileScreen` or `shell.platformScreen` after its route's `screen(...)` declaration has
 * let the caller in; the menus come from every feature's front door.
 */
import type { Request, Response } from 'express';
import { CONFERENCE_STATUS, LANGUAGE_TYPE } from '../../contract/enums';
import { isAttendee, isConferenceAdmin, isStaff, REVIEWER_HOME } from '../access';
import { t } from '../i18n';
import { textIn } from '../../contract/bilingual';
import { renderVikePage } from '../vike';
import { langSwitchProps, userMenuProps } from './userMenu';
import { activeEntry, highlightedEntry, sortedMenus, type ManageMenuEntry, type Menus } from './menus';
import type { AdminPageProps, HeaderIslands, ManageScreen, PlatformPageProps, ProfilePageProps } from './types';
import { identityOf, siteOf } from '../context';

export type Screen = { title: string; island: ManageScreen };

/** An island under the overview of the management area for this request (the publication panel), or null. */
export type OverviewActions = (req: Request) => Promise<ManageScreen | null>;

/** The person's registration shown under their information in the personal centre. */
export type UserInfoSection = (req: Request) => Promise<ProfilePageProps['registration']>;

/** A count to show on personal-centre menu entries, by the entry's address (e.g. unseen notices). */
export type ProfileBadges = (req: Request) => Promise<Record<string, number>>;

/** What the features add to the layouts besides menu entries. */
export type ShellParts = {
  overviewActions?: OverviewActions;
  userInfoSection?: UserInfoSection;
  profileBadges?: ProfileBadges;
};

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

const PROFILE_TEXT_KEYS = [
  'registrationTitle',
  'registrationCode',
  'editRegistration',
  'title',
  'menuLabel',
  'userInfoTitle',
  'editTitle',
  'edit',
  'name',
  'email',
  'accountId',
  'status',
  'registered',
  'notRegistered',
  'notRegisteredHint',
  'goRegister',
  'roles',
  'changePassword',
  'backToSite',
  'separator',
  'newBadge',
];
const ADMIN_TEXT_KEYS = [
  'platformName',
  'adminTitle',
  'providersTitle',
  'superAdminsTitle',
  'conferencesTitle',
  'noConferences',
  'signIn',
  'switchLanguage',
];

type ProfileView = { view: ProfilePageProps['view']; title?: string; screen?: ManageScreen };
/** The platform host's own views, with the data of the one shown. */
export type AdminView = Pick<AdminPageProps, 'view'> &
  Partial<Pick<AdminPageProps, 'conferences' | 'providers' | 'admins' | 'mine' | 'screen'>>;

/** A conference's layouts: the menu always (the caller is signed in), the switch on bilingual sites. */
function conferenceHeader(req: Request): HeaderIslands {
  const { lang } = req.ctx;
  const bilingual = siteOf(req)!.config.languageType === LANGUAGE_TYPE.bilingual;
  return {
    userMenu: userMenuProps(lang, identityOf(req)!, 'conference'),
    langSwitch: bilingual ? langSwitchProps(lang, undefined, true) : null,
  };
}

async function send(
  req: Request,
  res: Response,
  pageProps: Record<string, unknown>,
  title: string,
  area?: 'platform',
): Promise<void> {
  const rendered = await renderVikePage(req, {
    ...(area ? { area } : {}),
    pageProps,
    shell: { lang: req.ctx.lang, title },
  });
  if (!rendered) throw new Error('Vike did not render the layout');
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).type('html').send(rendered.body);
}

export class Shell {
  readonly menus: Menus;

  constructor(
    menus: Menus,
    private readonly parts: ShellParts = {},
  ) {
    this.menus = sortedMenus(menus);
  }

  /** Whether a personal-centre screen exists (e.g. the fee page, once the fees feature is there). */
  hasProfileEntry(href: string): boolean {
    return this.menus.profile.some((entry) => entry.href === href);
  }

  /** A management screen: the layout with its menu, and the island that is the screen. */
  async manageScreen(req: Request, res: Response, screen: Screen): Promise<void> {
    await send(
      req,
      res,
      { ...this.manageFrame(req), title: screen.title, screen: screen.island } satisfies PlatformPageProps,
      `${screen.title} - ${this.siteName(req)}`,
    );
  }

  /** The management area's first screen: the conference, its status and the caller's roles. */
  async manageOverview(req: Request, res: Response): Promise<void> {
    const { lang } = req.ctx;
    const site = siteOf(req)!;
    const identity = identityOf(req)!;
    const status = STATUS_KEYS[site.conference.status] ?? STATUS_KEYS[CONFERENCE_STATUS.draft];
    const c = site.config;
    const roles = [...(identity.superAdmin ? ['superAdmin'] : []), ...identity.roles].map((r) =>
      t(lang, `profile.role.${r}`),
    );
    const frame = this.manageFrame(req);
    const props: PlatformPageProps = {
      ...frame,
      text: { ...frame.text, statusLabel: t(lang, status.key) },
      title: textIn(c.conferenceName, lang),
      overview: [
        [t(lang, 'manage.field.domain'), site.primaryDomain ?? req.ctx.host],
        [t(lang, 'manage.field.dates'), c.startDate && c.endDate ? `${c.startDate} — ${c.endDate}` : '—'],
        [
          t(lang, 'manage.field.venue'),
          [textIn(c.city, lang), textIn(c.venue, lang)].filter(Boolean).join(' · ') || '—',
        ],
        [t(lang, 'manage.field.language'), t(lang, LANGUAGE_KEYS[c.languageType])],
        [t(lang, 'manage.field.yourRoles'), roles.join(t(lang, 'profile.separator'))],
      ],
      statusTone: status.tone,
      actions: (await this.parts.overviewActions?.(req)) ?? undefined,
    };
    await send(req, res, props, `${props.title} - ${props.siteName}`);
  }

  /** A personal-centre screen of a feature: the layout with its menu, and the island. */
  async profileScreen(req: Request, res: Response, screen: Screen): Promise<void> {
    await this.profilePage(req, res, { view: 'screen', title: screen.title, screen: screen.island });
  }

  /** The personal centre's own views (the person's information and its edit form) or a screen. */
  async profilePage(req: Request, res: Response, shown: ProfileView): Promise<void> {
    const { lang } = req.ctx;
    const site = siteOf(req)!;
    const identity = identityOf(req)!;
    const active = highlightedEntry(req.path);
    const attendee = isAttendee(identity) || isStaff(identity);
    const [registration, badges] = await Promise.all([
      shown.view === 'userInfo' && this.parts.userInfoSection ? this.parts.userInfoSection(req) : undefined,
      this.parts.profileBadges ? this.parts.profileBadges(req) : ({} as Record<string, number>),
    ]);
    const props: ProfilePageProps = {
      ...shown,
      ...conferenceHeader(req),
      registration,
      lang,
      text: Object.fromEntries(PROFILE_TEXT_KEYS.map((k) => [k, t(lang, `profile.${k}`)])),
      siteName: textIn(site.config.conferenceName, lang),
      shortTitle: textIn(site.config.shortTitle, lang),
      menu: this.menus.profile
        .filter((item) => attendee || !item.attendeeOnly)
        .map((item) => ({
          href: item.href,
          label: t(lang, item.labelKey),
          active: item.href === active,
          ...(badges[item.href] ? { badge: badges[item.href] } : {}),
        })),
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
    await send(req, res, props, `${title} - ${props.siteName}`);
  }

  /** A feature's screen on the platform host (e.g. "Create conference"). */
  async platformScreen(req: Request, res: Response, screen: Screen): Promise<void> {
    await this.adminPage(req, res, { view: 'home', screen });
  }

  /** The platform host's layout: its home, the administration's views, or a feature's screen. */
  async adminPage(req: Request, res: Response, shown: AdminView): Promise<void> {
    const { lang, mobile } = req.ctx;
    const identity = identityOf(req);
    const textMap = Object.fromEntries(ADMIN_TEXT_KEYS.map((k) => [k, t(lang, `admin.${k}`)]));
    textMap.platformName = t(lang, 'platform.name');
    const props: AdminPageProps = {
      conferences: [],
      providers: [],
      admins: [],
      ...shown,
      lang,
      mobile,
      // The platform host speaks both languages; a visitor not signed in has the sign-in link instead.
      userMenu: identity ? userMenuProps(lang, identity, 'platform') : null,
      langSwitch: langSwitchProps(lang, undefined, Boolean(identity)),
      text: textMap,
      menu: identity?.superAdmin
        ? this.menus.admin.map((m) => ({ href: m.href, label: t(lang, m.labelKey), active: req.path === m.href }))
        : [],
      user: identity ? { id: identity.user.id, name: identity.user.trueName || identity.user.email } : null,
      origin: `${req.protocol}://${req.headers.host}`,
    };
    const title = shown.screen
      ? `${shown.screen.title} - ${textMap.platformName}`
      : shown.view === 'providers'
        ? textMap.providersTitle
        : shown.view === 'superAdmins'
          ? textMap.superAdminsTitle
          : textMap.platformName;
    await send(req, res, props, title, 'platform');
  }

  private siteName(req: Request): string {
    return textIn(siteOf(req)!.config.conferenceName, req.ctx.lang);
  }

  /** The parts of the management layout every screen shares: texts, names, the caller's menu. */
  private manageFrame(req: Request) {
    const { lang } = req.ctx;
    const site = siteOf(req)!;
    // A reviewer who manages nothing works in the review centre, not "conference management".
    const identity = identityOf(req)!;
    const areaTitle = t(
      lang,
      !isConferenceAdmin(identity) && identity.roles.includes('reviewer') ? 'manage.reviewTitle' : 'manage.title',
    );
    return {
      lang,
      ...conferenceHeader(req),
      text: { areaTitle, backToSite: t(lang, 'profile.backToSite') } as Record<string, string>,
      siteName: textIn(site.config.conferenceName, lang),
      shortTitle: textIn(site.config.shortTitle, lang),
      menu: this.manageMenu(req),
    };
  }

  /** The menu of the management area for this caller, with the current entry marked. */
  private manageMenu(req: Request) {
    const identity = identityOf(req)!;
    const admin = isConferenceAdmin(identity);
    const reviewer = !admin && identity.roles.includes('reviewer');
    const entries = this.menus.manage.filter((e) =>
      e.who === 'admin' ? admin : e.who === 'desk' ? admin || identity.roles.includes('checkin') : reviewer,
    );
    const reviewerHome: ManageMenuEntry = {
      href: REVIEWER_HOME,
      labelKey: 'manage.menu.reviewerHome',
      order: 0,
      who: 'reviewer',
    };
    const visible = reviewer ? [reviewerHome, ...entries] : entries;
    const active = activeEntry(req.path, visible);
    // Spec 2.12 names the configuration screens' group ("conference customization"): drawn as a heading.
    return visible.map((e) => ({
      href: e.href,
      label: t(req.ctx.lang, e.labelKey),
      active: e.href === active,
      ...(e.group ? { group: t(req.ctx.lang, `manage.group.${e.group}`) } : {}),
    }));
  }
}
