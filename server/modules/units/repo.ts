/**
 * The unit list's queries. Units are platform data (no conference): the same list serves every
 * conference's forms.
 */
import type { Db } from '../../db/index';
import { insertId, LIKE_ESCAPE, likeContains, toDbInstant } from '../../db/dialect';

/** A row of `units`; instants as the database stores them. */
export type UnitRecord = {
  id: number;
  title_zh: string;
  title_en: string;
  sort: number;
  created_at: string;
  updated_at: string;
};
export type UnitTitles = { titleZh: string; titleEn: string; sort: number };

/** A page of units, `hiddenId` left out, matching `query` in either language; and how many match. */
export async function unitsPage(
  db: Db,
  q: { page: number; size: number; query?: string; hiddenId: number },
): Promise<{ rows: UnitRecord[]; total: number }> {
  const base = () => {
    const qb = db('units').whereNot('id', q.hiddenId);
    if (q.query)
      qb.andWhere((w) =>
        w
          .whereRaw(`title_zh like ? ${LIKE_ESCAPE}`, [likeContains(q.query!)])
          .orWhereRaw(`title_en like ? ${LIKE_ESCAPE}`, [likeContains(q.query!)]),
      );
    return qb;
  };
  const total = Number((await base().count<{ n: number | string }[]>({ n: '*' }).first())?.n ?? 0);
  const rows = await base()
    .orderBy([{ column: 'sort' }, { column: 'id' }])
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { rows: rows.map(clean), total };
}

/** Whether another unit (not `exceptId`) already has either title. */
export async function unitTitleTaken(db: Db, titles: UnitTitles, exceptId?: number): Promise<boolean> {
  const qb = db('units').where((w) => w.where('title_zh', titles.titleZh).orWhere('title_en', titles.titleEn));
  if (exceptId) qb.whereNot('id', exceptId);
  return Boolean(await qb.first());
}

export async function unitById(db: Db, id: number): Promise<UnitRecord | undefined> {
  const row = await db('units').where({ id }).first();
  return row && clean(row);
}

export async function insertUnit(db: Db, titles: UnitTitles): Promise<number> {
  const now = toDbInstant();
  return insertId(
    db('units').insert({
      title_zh: titles.titleZh,
      title_en: titles.titleEn,
      sort: titles.sort,
      created_at: now,
      updated_at: now,
    }),
  );
}

/** The number of rows changed (0: no such unit). */
export async function updateUnitTitles(db: Db, id: number, titles: UnitTitles): Promise<number> {
  return db('units')
    .where({ id })
    .update({ title_zh: titles.titleZh, title_en: titles.titleEn, sort: titles.sort, updated_at: toDbInstant() });
}

/** The number of rows deleted (0: no such unit). */
export async function deleteUnitRow(db: Db, id: number): Promise<number> {
  return db('units').where({ id }).delete();
}

/** Whether the list has any unit at all. */
export async function anyUnit(db: Db): Promise<boolean> {
  return Boolean(await db('units').first());
}

/** Adds units in the order given, their sort following it. */
export async function insertUnitList(db: Db, list: ReadonlyArray<readonly [zh: string, en: string]>): Promise<void> {
  const now = toDbInstant();
  await db('units').insert(
    list.map(([zh, en], i) => ({ title_zh: zh, title_en: en, sort: i, created_at: now, updated_at: now })),
  );
}

/** `sort` is an integer column; a driver that answers it as text is read as a number here. */
function clean(row: UnitRecord): UnitRecord {
  return { ...row, sort: Number(row.sort) };
}
