/**
 * The menus of the three layouts, built from the entries the features declare in their front
 * doors (server/modules/<feature>/index.ts). An entry appears only when its screen works, so a
 * feature adds its entries together with its screens. `order` keeps the spec's order (2.10, 2.12)
 * whatever the order of the features list.
 */

/** The management area (spec 2.12); `reviewer` entries are the reviewers' part of it; `desk` entries the check-in desk's (its staff and the managers). */
export type ManageMenuEntry = {
  href: string;
  labelKey: string;
  order: number;
  group?: string;
  who: 'admin' | 'reviewer' | 'desk';
  /** other paths that are this entry's screens though not under its href (spec 2.12's /platform/manage/userDetails) */
  also?: readonly string[];
};

/** The personal centre (spec 2.10); `attendeeOnly` entries are for registered attendees (and staff). */
export type ProfileMenuEntry = { href: string; labelKey: string; order: number; attendeeOnly?: boolean };

/** The platform host's administration, for super admins. */
export type AdminMenuEntry = { href: string; labelKey: string; order: number };

export type Menus = { manage: ManageMenuEntry[]; profile: ProfileMenuEntry[]; admin: AdminMenuEntry[] };

export function sortedMenus(menus: Menus): Menus {
  const byOrder = <T extends { order: number }>(entries: T[]) => [...entries].sort((a, b) => a.order - b.order);
  return { manage: byOrder(menus.manage), profile: byOrder(menus.profile), admin: byOrder(menus.admin) };
}

/** Which entry a management path highlights: the longest entry that is a prefix of it. */
export function activeEntry(path: string, entries: Array<{ href: string; also?: readonly string[] }>): string | null {
  let best: { href: string; length: number } | null = null;
  for (const entry of entries) {
    for (const prefix of [entry.href, ...(entry.also ?? [])]) {
      const match = path === prefix || path.startsWith(`${prefix}/`);
      if (match && (!best || prefix.length > best.length)) best = { href: entry.href, length: prefix.length };
    }
  }
  return best?.href ?? null;
}

/** Which personal-centre entry a route highlights (spec 2.10 "Menu highlighting"). */
export function highlightedEntry(path: string): string {
  if (path.startsWith('/profile/order')) return '/profile/order/list';
  if (path.startsWith('/profile/conference/fee')) return '/profile/conference/fee';
  if (path.startsWith('/profile/userInfo') || path.startsWith('/profile/registration')) return '/profile/userInfo';
  if (path.startsWith('/profile/feedBackDetails')) return '/profile/feedback';
  if (path.startsWith('/profile/submission/')) return '/profile/submission';
  return path;
}
