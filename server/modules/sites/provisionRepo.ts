/**
 * The writes of a new website (provision.ts): each inserts one row of the conference record or
 * its website, in the caller's transaction. Every function but the conference's own takes
 * conferenceId first.
 */
import type { Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import type { Lang } from '../../contract/enums';

/** A new conference record; its id. */
export function insertConference(
  tx: Tx,
  row: { slug: string; status: string; registerFlag: boolean; registerNum: number; createdBy: number | null },
): Promise<number> {
  const now = toDbInstant();
  return insertId(
    tx('conferences').insert({
      slug: row.slug,
      status: row.status,
      register_flag: row.registerFlag,
      register_num: row.registerNum,
      created_by: row.createdBy,
      created_at: now,
      updated_at: now,
    }),
  );
}

export async function insertDomain(tx: Tx, conferenceId: number, domain: string, isPrimary: boolean): Promise<void> {
  await tx('conference_domains').insert({ conference_id: conferenceId, domain, is_primary: isPrimary });
}

export async function insertModuleSwitch(
  tx: Tx,
  conferenceId: number,
  module: string,
  enabled: boolean,
): Promise<void> {
  await tx('conference_modules').insert({ conference_id: conferenceId, module, enabled });
}

/** A new appearance; its id. */
export function insertExterior(tx: Tx, conferenceId: number, name: string, thumbnail: string): Promise<number> {
  const now = toDbInstant();
  return insertId(
    tx('exteriors').insert({ conference_id: conferenceId, name, thumbnail, created_at: now, updated_at: now }),
  );
}

/** A new page or template (a desktop page that needs no sign-in unless `row` says otherwise); its id. */
export function insertSitePage(tx: Tx, conferenceId: number, row: Record<string, unknown>): Promise<number> {
  const now = toDbInstant();
  return insertId(
    tx('pages').insert({
      created_at: now,
      updated_at: now,
      is_mobile: false,
      need_to_login: false,
      ...row,
      conference_id: conferenceId,
    }),
  );
}

/** Points a page at its counterpart in the other language. */
export async function setCounterpart(
  tx: Tx,
  conferenceId: number,
  pageId: number,
  counterpartId: number,
): Promise<void> {
  await tx('pages').where({ conference_id: conferenceId, id: pageId }).update({ counterpart_page_id: counterpartId });
}

export type MenuItemColumns = {
  parentId: number | null;
  title: string;
  icon: string;
  sort: number;
  newWindow: boolean;
  pageId: number | null;
  href: string | null;
  published: boolean;
};

/** A new menu item; its id. */
export function insertMenuItem(tx: Tx, conferenceId: number, lang: Lang, item: MenuItemColumns): Promise<number> {
  return insertId(
    tx('menus').insert({
      conference_id: conferenceId,
      lang,
      parent_id: item.parentId,
      title: item.title,
      icon: item.icon,
      sort: item.sort,
      new_window: item.newWindow,
      page_id: item.pageId,
      href: item.href,
      published: item.published,
    }),
  );
}

/** The conference's website configuration, its one row. */
export async function insertWebsiteConfig(tx: Tx, conferenceId: number, row: Record<string, unknown>): Promise<void> {
  await tx('website_configs').insert({ ...row, conference_id: conferenceId, updated_at: toDbInstant() });
}
