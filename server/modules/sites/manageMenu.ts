/**
 * The menu of the management area (spec 2.12). A feature adds its entry here when its screen
 * works (a menu entry appears only then). `reviewer` entries are the reviewers' part.
 */
export type ManageMenuEntry = { href: string; labelKey: string; group?: string; who: 'admin' | 'reviewer' };

export const MANAGE_MENU: ManageMenuEntry[] = [
  { href: '/platform', labelKey: 'manage.menu.overview', who: 'admin' },
  { href: '/platform/manage/managers', labelKey: 'manageConference:menu.managers', who: 'admin' },
  { href: '/platform/manage/user', labelKey: 'registration:menu.users', who: 'admin' },
  { href: '/platform/manage/userFeedBack', labelKey: 'feedback:menu.manage', who: 'admin' },
  { href: '/platform/manage/notice', labelKey: 'notices:menu.manage', who: 'admin' },
  { href: '/platform/manage/mailLog', labelKey: 'mail:menu.log', who: 'admin' },
  { href: '/platform/config/website', labelKey: 'manageSite:menu.website', group: 'customization', who: 'admin' },
  { href: '/platform/config/page', labelKey: 'managePages:menu.pages', group: 'customization', who: 'admin' },
  { href: '/platform/config/template', labelKey: 'managePages:menu.templates', group: 'customization', who: 'admin' },
  { href: '/platform/config/register', labelKey: 'registration:menu.config', group: 'customization', who: 'admin' },
  { href: '/platform/config/email', labelKey: 'mail:menu.config', group: 'customization', who: 'admin' },
  { href: '/platform/config/exterior', labelKey: 'manageSite:menu.exterior', group: 'customization', who: 'admin' },
  { href: '/platform/config/menu', labelKey: 'manageMenus:menu.menus', group: 'customization', who: 'admin' },
];

/** Which entry a management path highlights: the longest entry that is a prefix of it. */
export function activeEntry(path: string, entries: ManageMenuEntry[]): string | null {
  let best: ManageMenuEntry | null = null;
  for (const entry of entries) {
    const match = path === entry.href || path.startsWith(`${entry.href}/`);
    if (match && (!best || entry.href.length > best.href.length)) best = entry;
  }
  return best?.href ?? null;
}
