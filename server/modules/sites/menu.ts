/** Menu rows → the nested tree the public site and the menu-ready hook receive. */
import type { MenuNode, MenuRow } from './types';

export function menuHref(row: Pick<MenuRow, 'page_id' | 'href'>): string {
  if (row.page_id) return `/page/${row.page_id}`;
  return row.href && isSafeHref(row.href) ? row.href : '#';
}

/** Menu links may be site paths, http(s) or mailto addresses; never javascript: or data:. */
export function isSafeHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('/') || value.startsWith('#')) return true;
  return /^(https?:|mailto:|tel:)/i.test(value);
}

export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      title: row.title,
      href: menuHref(row),
      newWindow: Boolean(row.new_window),
      icon: row.icon ?? '',
      pageId: row.page_id,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (row.parent_id === null) roots.push(node);
    else if (parent) parent.children.push(node);
    // A child whose parent is not in the list (unpublished parent) is left out.
  }
  return roots;
}
