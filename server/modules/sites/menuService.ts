/**
 * The rules of the menu editor (spec 3 "Menu", 4 "Menu"; docs/site-management/menus.md): items
 * of one conference and language form a tree; links are a page of the conference or a safe
 * address; a child cannot be published under an unpublished parent; deleting an item deletes
 * what is below it. Every change runs in one transaction, then drops the public site's caches.
 */
import type { Db, Tx } from '../../db/index';
import { LANGS, type Lang } from '../../contract/enums';
import type { MenuEditNode, MenuMoveInput, MenuPageOption, MenuSaveInput } from '../../contract/menus';
import { AppError, notFound } from '../../platform/errors';
import { isSafeHref } from './menu';
import * as repo from './menuRepo';
import type { MenuEditRow } from './menuRepo';
import type { SiteService } from './service';

/** The item and everything below it, among the rows of its language. */
export function subtreeIds(rows: Pick<MenuEditRow, 'id' | 'parent_id'>[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows)
    if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  const found = new Set<number>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return found;
}

function hasControlCharacters(value: string): boolean {
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function siblingsOf(rows: MenuEditRow[], parentId: number | null, except: number): MenuEditRow[] {
  return rows.filter((r) => r.parent_id === parentId && r.id !== except);
}

export class MenuEditor {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
  ) {}

  /** The whole tree of a language, published or not, with the names of linked pages. */
  async tree(conferenceId: number, lang: Lang): Promise<MenuEditNode[]> {
    const rows = await repo.languageRows(this.db, conferenceId, lang);
    const pageIds = [...new Set(rows.map((r) => r.page_id).filter((id): id is number => id !== null))];
    const names = new Map((await repo.pageNames(this.db, conferenceId, pageIds)).map((p) => [p.id, p.name]));
    const nodes = new Map<number, MenuEditNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id,
        parentId: r.parent_id,
        title: r.title,
        icon: r.icon ?? '',
        sort: r.sort,
        newWindow: Boolean(r.new_window),
        pageId: r.page_id,
        pageName: r.page_id === null ? null : (names.get(r.page_id) ?? null),
        href: r.href,
        published: Boolean(r.published),
        children: [],
      });
    }
    const roots: MenuEditNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      // An item whose parent has gone (data from before the editor) is shown at the top level.
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** Pages an item can link to (desktop pages; phones get a page's mobile variant by themselves). */
  async pages(conferenceId: number): Promise<MenuPageOption[]> {
    return (await repo.linkablePages(this.db, conferenceId)).map((p) => ({ id: p.id, name: p.name, lang: p.lang }));
  }

  /** Create (no id) or update one item; answers its id. */
  async save(conferenceId: number, input: MenuSaveInput): Promise<number> {
    const id = await this.db.transaction(async (tx) => {
      await repo.lockMenus(tx, conferenceId);
      const rows = await repo.lockLanguage(tx, conferenceId, input.lang);
      const existing = input.id === undefined ? null : rows.find((r) => r.id === input.id);
      if (input.id !== undefined && !existing) throw notFound();
      const parentId = input.parentId === undefined ? (existing?.parent_id ?? null) : input.parentId;
      const parent = this.checkParent(rows, parentId, existing?.id ?? null);
      const hasChildren = existing ? rows.some((r) => r.parent_id === existing.id) : false;
      await this.checkLink(tx, conferenceId, input, hasChildren);
      if (input.published && parent && !parent.published)
        throw new AppError(400, 'manageMenus:parentNotPublished', { field: 'published' });

      const columns = {
        parent_id: parentId,
        title: input.title,
        icon: input.icon,
        new_window: input.newWindow,
        page_id: input.pageId,
        href: input.pageId === null ? input.href : null,
      };
      // A new parent puts the item last among its new siblings.
      const lastSort = () => Math.max(-1, ...siblingsOf(rows, parentId, existing?.id ?? 0).map((r) => r.sort)) + 1;
      if (!existing)
        return repo.insertItem(tx, conferenceId, input.lang, lastSort(), {
          ...columns,
          published: input.published ?? false,
        });
      const moved = existing.parent_id !== parentId;
      await repo.updateItem(tx, conferenceId, existing.id, {
        ...columns,
        ...(moved ? { sort: lastSort() } : {}),
        ...(input.published === undefined ? {} : { published: input.published }),
      });
      return existing.id;
    });
    await this.sites.siteChanged(conferenceId);
    return id;
  }

  /** Puts the item at `index` among the children of `parentId`, renumbering the siblings. */
  async move(conferenceId: number, input: MenuMoveInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [item] = await this.lockItems(tx, conferenceId, [input.id]);
      const rows = item.rows;
      this.checkParent(rows, input.parentId, item.id);
      const siblings = siblingsOf(rows, input.parentId, item.id);
      const index = Math.min(input.index, siblings.length);
      const ordered = [...siblings.slice(0, index), item, ...siblings.slice(index)];
      for (const [sort, row] of ordered.entries()) {
        if (row.id === item.id) await repo.updateItem(tx, conferenceId, item.id, { parent_id: input.parentId, sort });
        else if (row.sort !== sort) await repo.setSort(tx, conferenceId, row.id, sort);
      }
      // The siblings it left keep their order without a gap.
      if (item.parent_id !== input.parentId) {
        for (const [sort, row] of siblingsOf(rows, item.parent_id, item.id).entries())
          if (row.sort !== sort) await repo.setSort(tx, conferenceId, row.id, sort);
      }
    });
    await this.sites.siteChanged(conferenceId);
  }

  /**
   * Publishes or unpublishes items. A child cannot be published while its parent is not (unless
   * the parent is published by the same call). Unpublishing touches only the items named: their
   * children stay as they are and simply disappear from the public site with them.
   */
  async publish(conferenceId: number, ids: number[], published: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const items = await this.lockItems(tx, conferenceId, ids);
      if (published) {
        const chosen = new Set(ids);
        const parents = items
          .filter((i) => i.parent_id !== null && !chosen.has(i.parent_id))
          .map((i) => i.rows.find((r) => r.id === i.parent_id));
        if (parents.some((p) => p && !p.published))
          throw new AppError(400, 'manageMenus:parentNotPublished', { field: 'ids' });
      }
      await repo.setPublished(tx, conferenceId, ids, published);
    });
    await this.sites.siteChanged(conferenceId);
  }

  /** Deletes the items and everything below them; answers how many items were deleted. */
  async remove(conferenceId: number, ids: number[]): Promise<number> {
    const count = await this.db.transaction(async (tx) => {
      const doomed = new Set<number>();
      for (const item of await this.lockItems(tx, conferenceId, ids))
        for (const id of subtreeIds(item.rows, item.id)) doomed.add(id);
      return repo.deleteItems(tx, conferenceId, [...doomed]);
    });
    await this.sites.siteChanged(conferenceId);
    return count;
  }

  /**
   * The items (all of this conference, or a 404), each with the rows of its language, read
   * under the conference's menu lock.
   */
  private async lockItems(
    tx: Tx,
    conferenceId: number,
    ids: number[],
  ): Promise<Array<MenuEditRow & { rows: MenuEditRow[] }>> {
    await repo.lockMenus(tx, conferenceId);
    const langs = await repo.languagesOf(tx, conferenceId, ids);
    const locked = new Map<Lang, MenuEditRow[]>();
    for (const lang of LANGS)
      if (langs.includes(lang)) locked.set(lang, await repo.lockLanguage(tx, conferenceId, lang));
    const items = ids.map((id) => {
      for (const rows of locked.values()) {
        const row = rows.find((r) => r.id === id);
        if (row) return { ...row, rows };
      }
      throw notFound();
    });
    return items;
  }

  /** The parent must be an item of the same conference and language, and not the item or below it. */
  private checkParent(rows: MenuEditRow[], parentId: number | null, selfId: number | null): MenuEditRow | null {
    if (parentId === null) return null;
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) throw new AppError(400, 'manageMenus:parentNotFound', { field: 'parentId' });
    if (selfId !== null && subtreeIds(rows, selfId).has(parentId))
      throw new AppError(400, 'manageMenus:parentCycle', { field: 'parentId' });
    return parent;
  }

  /** A page of this conference or a safe address, not both; one of them unless the item has children. */
  private async checkLink(tx: Tx, conferenceId: number, input: MenuSaveInput, hasChildren: boolean): Promise<void> {
    if (input.pageId !== null && input.href !== null)
      throw new AppError(400, 'manageMenus:linkBoth', { field: 'href' });
    if (input.pageId === null && input.href === null) {
      if (!hasChildren) throw new AppError(400, 'manageMenus:linkRequired', { field: 'pageId' });
      return;
    }
    if (input.href !== null && (!isSafeHref(input.href) || hasControlCharacters(input.href)))
      throw new AppError(400, 'manageMenus:hrefUnsafe', { field: 'href' });
    if (input.pageId !== null && !(await repo.findLinkablePage(tx, conferenceId, input.pageId)))
      throw new AppError(400, 'manageMenus:pageNotFound', { field: 'pageId' });
  }
}
