/**
 * The user menu and the language switch as every layout draws them (spec 2.4, 2.3): the public
 * site's template, the personal centre, the management area and the platform host. One list, so
 * the exit and the way into management never differ between layouts.
 */
import type { Lang } from '../../contract/enums';
import type { UserMenuProps } from '../../../islands/UserMenu/props';
import type { LangSwitchProps } from '../../../islands/LangSwitch/props';
import { CHECKIN_DESK, isStaff } from '../access';
import type { Identity } from '../identity';
import { t } from '../i18n';

/** Where the menu is drawn: a conference's host has a personal centre and management; the platform host has neither. */
export type UserMenuPlace = 'conference' | 'platform';

export function userMenuProps(lang: Lang, identity: Identity, place: UserMenuPlace): UserMenuProps {
  const items: UserMenuProps['items'] = [];
  if (place === 'conference') {
    items.push({ label: t(lang, 'userMenu.personalCenter'), href: '/profile/userInfo' });
    if (isStaff(identity))
      items.push({ label: t(lang, 'userMenu.conferenceManagement'), href: '/platform/manage/user' });
    else if (identity.roles.includes('checkin'))
      items.push({ label: t(lang, 'userMenu.checkinDesk'), href: CHECKIN_DESK });
  }
  // The person's own data (export, erasure) live on the platform host, across every conference.
  if (place === 'platform') items.push({ label: t(lang, 'userMenu.myData'), href: '/account/data' });
  items.push({ label: t(lang, 'userMenu.changePassword'), href: '/resetPassword' });
  items.push({ label: t(lang, 'userMenu.exit'), action: 'logout' });
  return {
    name: identity.user.trueName || identity.user.email,
    menuLabel: t(lang, 'userMenu.menu'),
    items,
    logoutFailed: t(lang, 'userMenu.logoutFailed'),
  };
}

export function langSwitchProps(lang: Lang, targets?: LangSwitchProps['targets'], signedIn = false): LangSwitchProps {
  return {
    lang,
    labels: { zh: t(lang, 'site.languageZh'), en: t(lang, 'site.languageEn') },
    title: t(lang, 'site.switchLanguage'),
    ...(targets && Object.keys(targets).length ? { targets } : {}),
    ...(signedIn ? { signedIn } : {}),
  };
}
