/**
 * knex queries of page and template editing. Every function takes conferenceId first. The
 * tables are the sites module's (`pages`, `page_versions`); this folder is the sites feature's
 * editor (server/db/owners.ts, PART_OF). `exteriors`, `menus` and `website_configs` are only
 * read here, for choices and for the delete checks; authors' names come from accounts.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, lockForUpdate } from '../../db/dialect';
import type { PageListQuery } from '../../contract/pages';
import type { PageRow } from '../sites/index';
import { accountsByIds } from '../accounts/index';

type Conn = Db | Tx;

export type EditRow = PageRow & { created_at: string; updated_at: string; updated_by: number | null };
/** A page as the list and the editor read it: its instants as `Date`. */
export type ListRow = Omit<EditRow, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
  exterior_name: string | null;
  template_name: string | null;
};
type StoredListRow = EditRow & { exterior_name: string | null; template_name: string | null };
const cleanListRow = <T extends StoredListRow>(r: T): Omit<T, 'created_at' | 'updated_at'> & ListRow => ({
  ...r,
  created_at: fromDbInstant(r.created_at)!,
  updated_at: fromDbInstant(r.updated_at)!,
});

/** A kept version, its instant as `Date`. */
export type VersionRow = {
  version: number;
  name: string;
  html: string;
  css: string | null;
  css_path: string | null;
  created_at: Date;
  author_name: string | null;
  author_email: string | null;
};

const LIST_COLUMNS = [
  'p.id',
  'p.conference_id',
  'p.exterior_id',
  'p.type',
  'p.template_kind',
  'p.name',
  'p.lang',
  'p.template_id',
  'p.is_mobile',
  'p.related_mobile_page_id',
  'p.counterpart_page_id',
  'p.default_for',
  'p.need_to_login',
  'p.created_at',
  'p.updated_at',
  'p.updated_by',
  'e.name as exterior_name',
  't.name as template_name',
];

/** A LIKE pattern that matches `text` literally anywhere; '!' is the escape character. */
function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, '!$&')}%`;
}

export async function listPages(
  db: Conn,
  conferenceId: number,
  q: PageListQuery,
): Promise<{ rows: ListRow[]; total: number }> {
  const base = db('pages as p')
    .leftJoin('exteriors as e', function () {
      this.on('e.id', 'p.exterior_id').andOn('e.conference_id', 'p.conference_id');
    })
    .leftJoin('pages as t', function () {
      this.on('t.id', 'p.template_id').andOn('t.conference_id', 'p.conference_id');
    })
    .where('p.conference_id', conferenceId);
  if (q.type) base.andWhere('p.type', q.type);
  if (q.templateKind) base.andWhere('p.template_kind', q.templateKind);
  if (q.exteriorId) base.andWhere('p.exterior_id', q.exteriorId);
  if (q.lang) base.andWhere('p.lang', q.lang);
  if (q.isMobile !== undefined) base.andWhere('p.is_mobile', q.isMobile);
  if (q.name) base.andWhereRaw('p.name like ? escape ?', [containsPattern(q.name), '!']);
  const counted = await base.clone().count({ n: '*' }).first();
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    rows: (rows as StoredListRow[]).map(cleanListRow),
    total: Number((counted as { n?: number | string } | undefined)?.n ?? 0),
  };
}

/** One page or template with its appearance's and template's names. */
export async function findListRow(
  db: Conn,
  conferenceId: number,
  id: number,
): Promise<(ListRow & { html: string; css: string | null; css_path: string | null }) | undefined> {
  const row: (StoredListRow & { html: string; css: string | null; css_path: string | null }) | undefined = await db(
    'pages as p',
  )
    .leftJoin('exteriors as e', function () {
      this.on('e.id', 'p.exterior_id').andOn('e.conference_id', 'p.conference_id');
    })
    .leftJoin('pages as t', function () {
      this.on('t.id', 'p.template_id').andOn('t.conference_id', 'p.conference_id');
    })
    .where({ 'p.conference_id': conferenceId, 'p.id': id })
    .first([...LIST_COLUMNS, 'p.html', 'p.css', 'p.css_path']);
  return row && cleanListRow(row);
}

export function findPage(db: Conn, conferenceId: number, id: number): Promise<EditRow | undefined> {
  return db<EditRow>('pages').where({ conference_id: conferenceId, id }).first();
}

/** The row, locked until the transaction ends (MySQL); SQLite's single writer already serialises. */
export function lockPage(tx: Tx, conferenceId: number, id: number): Promise<EditRow | undefined> {
  return lockForUpdate(tx, tx<EditRow>('pages').where({ conference_id: conferenceId, id })).first();
}

export function insertPage(tx: Tx, conferenceId: number, row: Record<string, unknown>): Promise<number> {
  return insertId(tx('pages').insert({ ...row, conference_id: conferenceId }));
}

export async function updatePage(
  tx: Tx,
  conferenceId: number,
  id: number,
  patch: Record<string, unknown>,
): Promise<void> {
  await tx('pages').where({ conference_id: conferenceId, id }).update(patch);
}

/**
 * Makes `id` and `counterpartId` (or nobody) each other's counterpart: whatever either pointed at,
 * or was pointed at by, lets go first, so a page is in at most one pair.
 */
export async function pairCounterparts(
  tx: Tx,
  conferenceId: number,
  id: number,
  counterpartId: number | null,
): Promise<void> {
  const ids = counterpartId ? [id, counterpartId] : [id];
  await tx('pages')
    .where({ conference_id: conferenceId })
    .whereIn('counterpart_page_id', ids)
    .update({ counterpart_page_id: null });
  await tx('pages').where({ conference_id: conferenceId }).whereIn('id', ids).update({ counterpart_page_id: null });
  if (counterpartId) {
    await tx('pages').where({ conference_id: conferenceId, id }).update({ counterpart_page_id: counterpartId });
    await tx('pages').where({ conference_id: conferenceId, id: counterpartId }).update({ counterpart_page_id: id });
  }
}

export async function deletePage(tx: Tx, conferenceId: number, id: number): Promise<void> {
  await tx('pages')
    .where({ conference_id: conferenceId, counterpart_page_id: id })
    .update({ counterpart_page_id: null });
  await tx('page_versions').where({ conference_id: conferenceId, page_id: id }).delete();
  await tx('pages').where({ conference_id: conferenceId, id }).delete();
}

/** Pages (type PAGE) and templates whose template is `templateId`. */
export async function templateUsers(
  db: Conn,
  conferenceId: number,
  templateId: number,
): Promise<{ pages: number; templates: number }> {
  const rows = await db('pages')
    .where({ conference_id: conferenceId, template_id: templateId })
    .groupBy('type')
    .select('type')
    .count({ n: '*' });
  const count = (type: string) =>
    Number((rows as Array<{ type: string; n: number | string }>).find((r) => r.type === type)?.n ?? 0);
  return { pages: count('PAGE'), templates: count('TEMPLATE') };
}

export async function menuLinks(db: Conn, conferenceId: number, pageId: number): Promise<number> {
  const row = await db('menus').where({ conference_id: conferenceId, page_id: pageId }).count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

export async function isHomePage(db: Conn, conferenceId: number, pageId: number): Promise<boolean> {
  const row = await db('website_configs')
    .where({ conference_id: conferenceId })
    .andWhere((q) => q.where('template_zh_home_page_id', pageId).orWhere('template_en_home_page_id', pageId))
    .first('conference_id');
  return Boolean(row);
}

/** Desktop pages that show `pageId` as their phone version. */
export async function desktopPagesOf(db: Conn, conferenceId: number, pageId: number): Promise<number> {
  const row = await db('pages')
    .where({ conference_id: conferenceId, related_mobile_page_id: pageId })
    .count({ n: '*' })
    .first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

export function exteriors(db: Conn, conferenceId: number): Promise<Array<{ id: number; name: string }>> {
  return db('exteriors').where({ conference_id: conferenceId }).orderBy('id').select('id', 'name');
}

export function findExterior(db: Conn, conferenceId: number, id: number): Promise<{ id: number } | undefined> {
  return db('exteriors').where({ conference_id: conferenceId, id }).first('id');
}

export type OptionFilter = { type: 'PAGE' | 'TEMPLATE'; templateKind?: 'page' | 'common'; exteriorId?: number | null };

/** Pages or templates for the editor's choices (no content). */
export function options(db: Conn, conferenceId: number, filter: OptionFilter): Promise<EditRow[]> {
  const q = db<EditRow>('pages').where({ conference_id: conferenceId, type: filter.type });
  if (filter.templateKind) q.andWhere({ template_kind: filter.templateKind });
  if (filter.exteriorId) q.andWhere({ exterior_id: filter.exteriorId });
  return q.orderBy('id').select('id', 'name', 'lang', 'is_mobile', 'exterior_id', 'template_kind', 'default_for');
}

/** Page templates other than `exceptId` that are a default for some device. */
export function defaultHolders(
  tx: Tx,
  conferenceId: number,
  exceptId: number,
): Promise<Array<{ id: number; default_for: string }>> {
  return tx('pages')
    .where({ conference_id: conferenceId, type: 'TEMPLATE' })
    .whereNotNull('default_for')
    .andWhereNot('id', exceptId)
    .select('id', 'default_for');
}

export async function nextVersion(tx: Tx, conferenceId: number, pageId: number): Promise<number> {
  const row = await tx('page_versions')
    .where({ conference_id: conferenceId, page_id: pageId })
    .max({ v: 'version' })
    .first();
  return Number((row as { v?: number | null } | undefined)?.v ?? 0) + 1;
}

export async function insertVersion(tx: Tx, conferenceId: number, row: Record<string, unknown>): Promise<void> {
  await tx('page_versions').insert({ ...row, conference_id: conferenceId });
}

const VERSION_COLUMNS = ['v.version', 'v.name', 'v.created_at', 'v.created_by'];

/** The versions with their authors' names (the people are the accounts module's). */
async function withAuthors<T extends { created_by: number | null }>(
  db: Conn,
  rows: T[],
): Promise<Array<Omit<T, 'created_by'> & Pick<VersionRow, 'author_name' | 'author_email'>>> {
  const authors = await accountsByIds(
    db,
    rows.flatMap((r) => (r.created_by === null ? [] : [Number(r.created_by)])),
  );
  return rows.map(({ created_by, ...row }) => {
    const author = created_by === null ? undefined : authors.get(Number(created_by));
    return { ...row, author_name: author?.trueName ?? null, author_email: author?.email ?? null };
  });
}

export async function listVersions(db: Conn, conferenceId: number, pageId: number): Promise<VersionRow[]> {
  const rows = await db('page_versions as v')
    .where({ 'v.conference_id': conferenceId, 'v.page_id': pageId })
    .orderBy('v.version', 'desc')
    .select(VERSION_COLUMNS);
  return (await withAuthors(db, rows)).map((r) => ({ ...r, created_at: fromDbInstant(r.created_at)! }) as VersionRow);
}

export async function findVersion(
  db: Conn,
  conferenceId: number,
  pageId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const row = await db('page_versions as v')
    .where({ 'v.conference_id': conferenceId, 'v.page_id': pageId, 'v.version': version })
    .first([...VERSION_COLUMNS, 'v.html', 'v.css', 'v.css_path']);
  if (!row) return undefined;
  const [found] = await withAuthors(db, [row]);
  return { ...found, created_at: fromDbInstant(found.created_at)! } as VersionRow;
}
