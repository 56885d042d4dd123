/**
 * knex queries of the sites module. Every function takes conferenceId first.
 *
 * The sites module owns (server/db/owners.ts) the conference record and its switches
 * (`conferences`, `conference_modules`, `conference_domains`) and the website (`website_configs`,
 * `exteriors`, `pages`, `page_versions`, `menus`, `disciplines`): no other feature reads or
 * writes them. What other features may read or change of the conference record is in
 * ./conferenceRecordRepo.ts.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import type { Lang } from '../../contract/enums';
import type { MenuRow, PageRow } from './types';

type Conn = Db | Tx;

export async function conferenceIdForDomain(db: Conn, domain: string): Promise<number | null> {
  const row = await db('conference_domains').where({ domain }).first('conference_id');
  return row ? Number(row.conference_id) : null;
}

export function findConference(db: Conn, conferenceId: number) {
  return db('conferences').where({ id: conferenceId }).first();
}

export function findWebsiteConfig(db: Conn, conferenceId: number) {
  return db('website_configs').where({ conference_id: conferenceId }).first();
}

export function primaryDomain(db: Conn, conferenceId: number) {
  return db('conference_domains')
    .where({ conference_id: conferenceId })
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .first('domain');
}

export async function moduleFlags(db: Conn, conferenceId: number): Promise<Record<string, boolean>> {
  const rows = await db('conference_modules').where({ conference_id: conferenceId }).select('module', 'enabled');
  return Object.fromEntries(rows.map((r) => [r.module, Boolean(r.enabled)]));
}

export function findPage(db: Conn, conferenceId: number, pageId: number): Promise<PageRow | undefined> {
  return db<PageRow>('pages').where({ conference_id: conferenceId, id: pageId }).first();
}

/** These pages of the conference, with when each last changed. */
export async function findPages(
  db: Conn,
  conferenceId: number,
  ids: number[],
): Promise<Array<PageRow & { updated_at: Date | null }>> {
  if (ids.length === 0) return [];
  const rows = await db<PageRow & { updated_at: string }>('pages')
    .where({ conference_id: conferenceId })
    .whereIn('id', ids);
  return rows.map((r) => ({ ...r, updated_at: fromDbInstant(r.updated_at) }));
}

export function pageTemplates(db: Conn, conferenceId: number): Promise<PageRow[]> {
  return db<PageRow>('pages')
    .where({ conference_id: conferenceId, type: 'TEMPLATE', template_kind: 'page' })
    .orderBy('id');
}

export function menuRows(db: Conn, conferenceId: number, lang: Lang, publishedOnly: boolean): Promise<MenuRow[]> {
  const q = db('menus').where({ conference_id: conferenceId, lang }).orderBy('sort').orderBy('id');
  if (publishedOnly) q.andWhere({ published: true });
  return q.select<MenuRow[]>('id', 'parent_id', 'title', 'icon', 'sort', 'new_window', 'page_id', 'href', 'published');
}

/** Published conferences with their primary domain, newest first (platform home page). */
export function publishedConferences(db: Conn) {
  return db('conferences as c')
    .join('website_configs as w', 'w.conference_id', 'c.id')
    .join('conference_domains as d', function () {
      this.on('d.conference_id', 'c.id').andOn('d.is_primary', db.raw('?', [true]));
    })
    .where('c.status', '4')
    .orderBy('w.start_date', 'desc')
    .select('c.id', 'd.domain', 'w.conference_name_zh', 'w.conference_name_en', 'w.start_date', 'w.end_date');
}

export function disciplines(db: Conn) {
  return db('disciplines').orderBy('sort').orderBy('id').select('id', 'parent_id', 'code', 'name_zh', 'name_en');
}

/** Marks the conference's public inputs as changed; the version is part of every page cache key. */
export async function bumpContentVersion(db: Conn, conferenceId: number): Promise<void> {
  await db('website_configs').where({ conference_id: conferenceId }).increment('content_version', 1);
}
