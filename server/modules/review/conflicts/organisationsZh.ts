/**
 * The institution inside a Chinese organisation name. Chinese names nest without separators
 * ("清华大学计算机科学与技术系"), so the institution is the text up to the first word that names
 * one (大学, 学院, 研究所...). An academy (科学院) is not cut there: its institutes are separate
 * institutions (中国科学院计算技术研究所 ≠ 中国科学院化学研究所), so the first institute after it is
 * kept; "中国科学院" alone stays the academy and matches neither of its institutes.
 */

/** Abbreviations that are common enough to be typed instead of the full name. */
const ALIASES: Array<[string, string]> = [['中科院', '中国科学院']];

/** Words that end an institution's name (the earliest one found wins). */
const INSTITUTION_ENDS = ['大学', '科学院', '学院', '研究院', '研究所', '医院', '实验室', '公司', '集团'];
/** What may follow an academy and is a separate institution of it. */
const ACADEMY_UNITS = ['研究所', '研究院', '研究中心', '大学', '学院', '医院', '所'];
/** Legal forms dropped so that 阿里巴巴集团 and 阿里巴巴(中国)有限公司 agree. */
const LEGAL_FORM = /(股份有限公司|有限责任公司|有限公司|公司|集团)$/;

/** The end of the earliest of `words` in `s`, or -1. */
function earliestEnd(s: string, words: string[]): number {
  let end = -1;
  for (const w of words) {
    const at = s.indexOf(w);
    if (at >= 0 && (end < 0 || at + w.length < end)) end = at + w.length;
  }
  return end;
}

/** How strongly a Chinese part names an institution (3 university/academy ... 0 a unit). */
export function zhRank(key: string): number {
  if (/大学|科学院/.test(key)) return 3;
  if (/学院|研究院|研究所|医院|公司|集团/.test(key)) return 2;
  return /实验室|中心/.test(key) ? 1 : 0;
}

export const isZhAcademy = (key: string): boolean => key.endsWith('科学院');
export const isZhInstitute = (key: string): boolean => /(研究所|研究院|所)$/.test(key);

/** One comma-free Chinese part (already folded) → its institution key. */
export function zhInstitution(part: string): string {
  let s = part.replace(/[^\p{L}\p{N}]+/gu, '');
  for (const [short, full] of ALIASES) s = s.split(short).join(full);
  const end = earliestEnd(s, INSTITUTION_ENDS);
  if (end < 0) return s;
  let key = s.slice(0, end);
  if (isZhAcademy(key)) {
    const unit = earliestEnd(s.slice(end), ACADEMY_UNITS);
    if (unit > 0) key = s.slice(0, end + unit);
  }
  const bare = key.replace(LEGAL_FORM, '');
  return bare || key;
}
