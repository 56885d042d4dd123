/**
 * The platform's unit (organisation) list: read by everyone's forms (POST /home/company/findByQuery),
 * kept by super admins. Titles are unique in each language.
 */
import type { Db } from '../../db/index';
import type { UnitInput, UnitPage, UnitRow } from '../../contract/units';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import {
  anyUnit,
  deleteUnitRow,
  insertUnit,
  insertUnitList,
  unitById,
  unitsPage,
  unitTitleTaken,
  updateUnitTitles,
  type UnitRecord,
  type UnitTitles,
} from './repo';

/** Spec 9: the unit with id '153' is left out of the list. */
export const HIDDEN_UNIT_ID = 153;

export type { UnitInput, UnitRow };

const present = (r: UnitRecord): UnitRow => ({ id: r.id, zhTitle: r.title_zh, enTitle: r.title_en, sort: r.sort });
const titlesOf = (input: UnitInput): UnitTitles => ({
  titleZh: input.zhTitle,
  titleEn: input.enTitle,
  sort: input.sort,
});

export async function findUnits(db: Db, q: { page: number; size: number; query?: string }): Promise<UnitPage> {
  const { rows, total } = await unitsPage(db, { ...q, hiddenId: HIDDEN_UNIT_ID });
  return { rows: rows.map(present), total };
}

export async function createUnit(db: Db, input: UnitInput): Promise<UnitRow> {
  if (await unitTitleTaken(db, titlesOf(input))) throw new AppError(400, 'units:duplicate', { field: 'zhTitle' });
  try {
    const id = await insertUnit(db, titlesOf(input));
    return present((await unitById(db, id))!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(400, 'units:duplicate', { field: 'zhTitle' });
    throw err;
  }
}

export async function updateUnit(db: Db, id: number, input: UnitInput): Promise<UnitRow> {
  if (await unitTitleTaken(db, titlesOf(input), id)) throw new AppError(400, 'units:duplicate', { field: 'zhTitle' });
  const changed = await updateUnitTitles(db, id, titlesOf(input));
  if (!changed) throw new AppError(404, 'commonMsg.notFound');
  return present((await unitById(db, id))!);
}

export async function deleteUnit(db: Db, id: number): Promise<void> {
  if (!(await deleteUnitRow(db, id))) throw new AppError(404, 'commonMsg.notFound');
}

const STARTER: Array<[zh: string, en: string]> = [
  ['中国科学院计算技术研究所', 'Institute of Computing Technology, Chinese Academy of Sciences'],
  ['中国科学院软件研究所', 'Institute of Software, Chinese Academy of Sciences'],
  ['中国科学院自动化研究所', 'Institute of Automation, Chinese Academy of Sciences'],
  ['中国科学院计算机网络信息中心', 'Computer Network Information Center, Chinese Academy of Sciences'],
  ['中国科学院大学', 'University of Chinese Academy of Sciences'],
  ['中国科学技术大学', 'University of Science and Technology of China'],
  ['清华大学', 'Tsinghua University'],
  ['北京大学', 'Peking University'],
  ['浙江大学', 'Zhejiang University'],
  ['上海交通大学', 'Shanghai Jiao Tong University'],
  ['复旦大学', 'Fudan University'],
  ['南京大学', 'Nanjing University'],
  ['武汉大学', 'Wuhan University'],
  ['中山大学', 'Sun Yat-sen University'],
  ['哈尔滨工业大学', 'Harbin Institute of Technology'],
  ['西安交通大学', 'Xi’an Jiaotong University'],
  ['香港大学', 'The University of Hong Kong'],
  ['新加坡国立大学', 'National University of Singapore'],
  ['东京大学', 'The University of Tokyo'],
  ['马克斯·普朗克学会', 'Max Planck Society'],
  ['麻省理工学院', 'Massachusetts Institute of Technology'],
  ['斯坦福大学', 'Stanford University'],
  ['剑桥大学', 'University of Cambridge'],
  ['牛津大学', 'University of Oxford'],
  ['苏黎世联邦理工学院', 'ETH Zurich'],
];

/** A starter list on the first start; an existing list is left as it is. */
export async function seedUnits(db: Db): Promise<void> {
  if (await anyUnit(db)) return;
  await insertUnitList(db, STARTER);
}
