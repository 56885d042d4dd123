/**
 * knex queries of the website configuration and appearance screens. Every function takes
 * conferenceId first and filters by it, so an id of another conference finds nothing.
 */
import type { Db, Tx } from '../../../db/index';
import { insertId, toDbInstant } from '../../../db/dialect';

type Conn = Db | Tx;

export type DomainRow = { id: number; conference_id: number; domain: string; is_primary: number | boolean };
export type ExteriorRow = { id: number; conference_id: number; name: string; thumbnail: string };
type TemplateRow = {
  id: number;
  name: string;
  template_kind: 'page' | 'common' | null;
  is_mobile: number | boolean;
  template_id: number | null;
};

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE'))
  );
}

// ---- website config ----

export function findConfig(db: Conn, conferenceId: number) {
  return db('website_configs').where({ conference_id: conferenceId }).first();
}

export async function updateConfig(db: Conn, conferenceId: number, values: Record<string, unknown>): Promise<void> {
  await db('website_configs')
    .where({ conference_id: conferenceId })
    .update({ ...values, updated_at: toDbInstant() });
}

/** Desktop PAGEs of one language, the candidates for that language's home page. */
export function homePageCandidates(
  db: Conn,
  conferenceId: number,
  lang: 'zh' | 'en',
): Promise<Array<{ id: number; name: string }>> {
  return db('pages')
    .where({ conference_id: conferenceId, type: 'PAGE', lang, is_mobile: false })
    .orderBy('id')
    .select('id', 'name');
}

export function findHomePageCandidate(db: Conn, conferenceId: number, lang: 'zh' | 'en', id: number) {
  return db('pages').where({ conference_id: conferenceId, id, type: 'PAGE', lang, is_mobile: false }).first('id');
}

export function findDiscipline(db: Conn, id: number) {
  return db('disciplines').where({ id }).first('id');
}

/** Common templates of an appearance, to read the banner container's data-default-url. */
export function commonTemplatesHtml(
  db: Conn,
  conferenceId: number,
  exteriorId: number,
): Promise<Array<{ html: string }>> {
  return db('pages')
    .where({
      conference_id: conferenceId,
      exterior_id: exteriorId,
      type: 'TEMPLATE',
      template_kind: 'common',
      is_mobile: false,
    })
    .orderBy('id')
    .select('html');
}

// ---- domains ----

export function domains(db: Conn, conferenceId: number): Promise<DomainRow[]> {
  return db<DomainRow>('conference_domains')
    .where({ conference_id: conferenceId })
    .orderBy('is_primary', 'desc')
    .orderBy('id');
}

export function findDomain(db: Conn, conferenceId: number, id: number): Promise<DomainRow | undefined> {
  return db<DomainRow>('conference_domains').where({ conference_id: conferenceId, id }).first();
}

/** Any conference's row for a host name: domains are unique across conferences. */
export function domainOwner(db: Conn, domain: string) {
  return db('conference_domains').where({ domain }).first('conference_id');
}

export function insertDomain(db: Conn, conferenceId: number, domain: string, primary: boolean): Promise<number> {
  return insertId(db('conference_domains').insert({ conference_id: conferenceId, domain, is_primary: primary }));
}

export async function deleteDomain(db: Conn, conferenceId: number, id: number): Promise<void> {
  await db('conference_domains').where({ conference_id: conferenceId, id }).delete();
}

export async function setPrimaryDomain(db: Conn, conferenceId: number, id: number): Promise<void> {
  await db('conference_domains').where({ conference_id: conferenceId }).update({ is_primary: false });
  await db('conference_domains').where({ conference_id: conferenceId, id }).update({ is_primary: true });
}

// ---- exteriors ----

export function exteriors(db: Conn, conferenceId: number): Promise<ExteriorRow[]> {
  return db<ExteriorRow>('exteriors')
    .where({ conference_id: conferenceId })
    .orderBy('id')
    .select('id', 'conference_id', 'name', 'thumbnail');
}

export function findExterior(db: Conn, conferenceId: number, id: number): Promise<ExteriorRow | undefined> {
  return db<ExteriorRow>('exteriors')
    .where({ conference_id: conferenceId, id })
    .first('id', 'conference_id', 'name', 'thumbnail');
}

export function findExteriorByName(db: Conn, conferenceId: number, name: string): Promise<ExteriorRow | undefined> {
  return db<ExteriorRow>('exteriors')
    .where({ conference_id: conferenceId, name })
    .first('id', 'conference_id', 'name', 'thumbnail');
}

export function insertExterior(
  db: Conn,
  conferenceId: number,
  values: { name: string; thumbnail: string },
): Promise<number> {
  const now = toDbInstant();
  return insertId(db('exteriors').insert({ conference_id: conferenceId, ...values, created_at: now, updated_at: now }));
}

export async function updateExterior(
  db: Conn,
  conferenceId: number,
  id: number,
  values: { name: string; thumbnail: string },
): Promise<void> {
  await db('exteriors')
    .where({ conference_id: conferenceId, id })
    .update({ ...values, updated_at: toDbInstant() });
}

export async function deleteExterior(db: Conn, conferenceId: number, id: number): Promise<void> {
  await db('exteriors').where({ conference_id: conferenceId, id }).delete();
}

/** How many templates and pages each appearance of the conference holds. */
export async function exteriorCounts(
  db: Conn,
  conferenceId: number,
): Promise<Map<number, { templates: number; pages: number }>> {
  const rows = await db('pages')
    .where({ conference_id: conferenceId })
    .whereNotNull('exterior_id')
    .groupBy('exterior_id', 'type')
    .select('exterior_id', 'type')
    .count({ n: '*' });
  const counts = new Map<number, { templates: number; pages: number }>();
  for (const row of rows as Array<{ exterior_id: number; type: string; n: number | string }>) {
    const entry = counts.get(Number(row.exterior_id)) ?? { templates: 0, pages: 0 };
    if (row.type === 'TEMPLATE') entry.templates = Number(row.n);
    else entry.pages = Number(row.n);
    counts.set(Number(row.exterior_id), entry);
  }
  return counts;
}

export function exteriorTemplates(db: Conn, conferenceId: number, exteriorId: number): Promise<TemplateRow[]> {
  return db('pages')
    .where({ conference_id: conferenceId, exterior_id: exteriorId, type: 'TEMPLATE' })
    .orderBy('id')
    .select('id', 'name', 'template_kind', 'is_mobile', 'template_id');
}

/** Full template rows of an appearance, for copying. */
export function exteriorTemplateRows(
  db: Conn,
  conferenceId: number,
  exteriorId: number,
): Promise<Array<Record<string, unknown>>> {
  return db('pages').where({ conference_id: conferenceId, exterior_id: exteriorId, type: 'TEMPLATE' }).orderBy('id');
}

/** Rows outside this appearance (pages or templates) that sit in one of its templates. */
export async function usersOfTemplates(
  db: Conn,
  conferenceId: number,
  exteriorId: number,
  templateIds: number[],
): Promise<number> {
  if (templateIds.length === 0) return 0;
  const row = await db('pages')
    .where({ conference_id: conferenceId })
    .whereIn('template_id', templateIds)
    .andWhere((q) => q.whereNull('exterior_id').orWhereNot('exterior_id', exteriorId))
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export async function deleteExteriorTemplates(db: Conn, conferenceId: number, exteriorId: number): Promise<void> {
  // Page templates before the common templates they point at.
  await db('pages')
    .where({ conference_id: conferenceId, exterior_id: exteriorId, type: 'TEMPLATE' })
    .update({ template_id: null });
  await db('pages').where({ conference_id: conferenceId, exterior_id: exteriorId, type: 'TEMPLATE' }).delete();
}

export function insertTemplate(db: Conn, row: Record<string, unknown>): Promise<number> {
  return insertId(db('pages').insert(row));
}

export async function setTemplateParent(
  db: Conn,
  conferenceId: number,
  id: number,
  templateId: number | null,
): Promise<void> {
  await db('pages').where({ conference_id: conferenceId, id }).update({ template_id: templateId });
}
