/** knex queries of the menu editor (table `menus`, read side in repo.ts). conferenceId first. */
import type { Db, Tx } from '../../db/index';
import { insertId, lockForUpdate } from '../../db/dialect';
import type { Lang } from '../../contract/enums';
import type { MenuRow } from './types';

type Conn = Db | Tx;

/** A menu row as the editor reads it: the public site's row plus its language. */
export type MenuEditRow = MenuRow & { lang: Lang };

export type MenuColumns = Pick<MenuEditRow, 'parent_id' | 'title' | 'icon' | 'new_window' | 'page_id' | 'href'> & {
  published?: boolean;
};

const COLUMNS = ['id', 'lang', 'parent_id', 'title', 'icon', 'sort', 'new_window', 'page_id', 'href', 'published'];

function normalise(row: MenuEditRow): MenuEditRow {
  return {
    ...row,
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    sort: Number(row.sort),
  };
}

/** Every item of one language, in menu order. */
export async function languageRows(db: Conn, conferenceId: number, lang: Lang): Promise<MenuEditRow[]> {
  const rows = await db('menus')
    .where({ conference_id: conferenceId, lang })
    .orderBy('sort')
    .orderBy('id')
    .select<MenuEditRow[]>(COLUMNS);
  return rows.map(normalise);
}

/**
 * The lock every menu edit takes first: the conference's website_configs row. One row, always
 * first, so edits of a conference's menus queue (MySQL; SQLite has one writer) and never deadlock
 * on the next-key locks that locking a range of `menus` takes.
 */
export async function lockMenus(tx: Tx, conferenceId: number): Promise<void> {
  await lockForUpdate(tx, tx('website_configs').where({ conference_id: conferenceId }).select('conference_id'));
}

/** Every item of one language, read as locked rows (after lockMenus: the latest committed state). */
export async function lockLanguage(tx: Tx, conferenceId: number, lang: Lang): Promise<MenuEditRow[]> {
  const q = tx('menus')
    .where({ conference_id: conferenceId, lang })
    .orderBy('sort')
    .orderBy('id')
    .select<MenuEditRow[]>(COLUMNS);
  const rows = await lockForUpdate(tx, q);
  return rows.map(normalise);
}

/** The languages of the items of this conference among `ids` (not locked: lock the languages next). */
export async function languagesOf(db: Conn, conferenceId: number, ids: number[]): Promise<Lang[]> {
  return db('menus').where({ conference_id: conferenceId }).whereIn('id', ids).distinct().pluck('lang');
}

export function insertItem(
  tx: Tx,
  conferenceId: number,
  lang: Lang,
  sort: number,
  columns: MenuColumns,
): Promise<number> {
  return insertId(tx('menus').insert({ conference_id: conferenceId, lang, sort, published: false, ...columns }));
}

export async function updateItem(
  tx: Tx,
  conferenceId: number,
  id: number,
  columns: Partial<MenuColumns> & { sort?: number },
): Promise<void> {
  await tx('menus').where({ conference_id: conferenceId, id }).update(columns);
}

export async function setSort(tx: Tx, conferenceId: number, id: number, sort: number): Promise<void> {
  await tx('menus').where({ conference_id: conferenceId, id }).update({ sort });
}

export async function setPublished(tx: Tx, conferenceId: number, ids: number[], published: boolean): Promise<void> {
  await tx('menus').where({ conference_id: conferenceId }).whereIn('id', ids).update({ published });
}

export async function deleteItems(tx: Tx, conferenceId: number, ids: number[]): Promise<number> {
  return Number(await tx('menus').where({ conference_id: conferenceId }).whereIn('id', ids).delete());
}

/** The pages a menu item may link to: desktop PAGE rows of the conference. */
export function linkablePages(
  db: Conn,
  conferenceId: number,
): Promise<Array<{ id: number; name: string; lang: Lang | null }>> {
  return db('pages')
    .where({ conference_id: conferenceId, type: 'PAGE', is_mobile: false })
    .orderBy('id')
    .select('id', 'name', 'lang');
}

export function findLinkablePage(db: Conn, conferenceId: number, pageId: number): Promise<{ id: number } | undefined> {
  return db('pages').where({ conference_id: conferenceId, id: pageId, type: 'PAGE', is_mobile: false }).first('id');
}

export function pageNames(db: Conn, conferenceId: number, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db('pages').where({ conference_id: conferenceId, type: 'PAGE' }).whereIn('id', ids).select('id', 'name');
}
