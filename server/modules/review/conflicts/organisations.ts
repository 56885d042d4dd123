/**
 * An organisation as typed → the key of its institution, so that "School of Computer Science,
 * Tsinghua Univ." and "The Tsinghua University" compare equal. Departments, schools and labs are
 * not institutions: of the comma- or semicolon-separated parts, the one that names an institution
 * (university/academy > institute, hospital, college, company > laboratory, centre) is compared,
 * else the last part. An academy keeps its institute ("Institute of Chemistry, Chinese Academy
 * of Sciences" is not the Institute of Computing Technology), as in Chinese (organisationsZh.ts).
 * Known limits: a campus after a comma is dropped (University of California, Berkeley = Los
 * Angeles), and a name typed in English never equals its Chinese form; the manager confirms every
 * suggestion, so a false match costs a click while a missed one can cost a biased review.
 */
import { foldText, hasHan } from './text';
import { isZhAcademy, isZhInstitute, zhInstitution, zhRank } from './organisationsZh';

const ABBREVIATIONS: Record<string, string> = {
  univ: 'university',
  uni: 'university',
  inst: 'institute',
  acad: 'academy',
  natl: 'national',
  dept: 'department',
  lab: 'laboratory',
  tech: 'technology',
  technol: 'technology',
  sci: 'science',
  sch: 'school',
  coll: 'college',
  hosp: 'hospital',
  ctr: 'center',
  centre: 'center',
  intl: 'international',
  corp: 'corporation',
  co: 'company',
  ltd: 'limited',
  inc: 'incorporated',
  eng: 'engineering',
  engr: 'engineering',
  med: 'medical',
  res: 'research',
  fac: 'faculty',
  assoc: 'association',
  polytech: 'polytechnic',
};
const SECOND_RANK = new Set([
  'hospital',
  'college',
  'polytechnic',
  'company',
  'corporation',
  'incorporated',
  'limited',
  'gmbh',
  'llc',
  'group',
]);
const THIRD_RANK = new Set(['laboratory', 'center', 'research', 'foundation']);
/** Dropped from the end, so that "Huawei Technologies Co., Ltd." and "Huawei Technologies" agree. */
const LEGAL_FORMS = new Set([
  'limited',
  'incorporated',
  'llc',
  'gmbh',
  'plc',
  'ag',
  'sa',
  'bv',
  'pty',
  'company',
  'corporation',
  'group',
]);

/** Words people add or leave out freely ("Chinese Acad. Sci." = "Chinese Academy of Sciences"). */
const FILLERS = new Set(['the', 'of', 'for']);
/** Plurals folded, so "Chinese Academy of Sciences" and "Chinese Acad. Sci." agree. */
function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return /[^su]s$/.test(w) && !w.endsWith('is') ? w.slice(0, -1) : w;
}

type Part = { key: string; rank: number; academy: boolean; institute: boolean };

function englishPart(part: string): Part {
  const words = part
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FILLERS.has(w))
    .map((w) => ABBREVIATIONS[singular(w)] ?? singular(w));
  const rank = words.some((w) => /^(universi|academ|akadem)/.test(w))
    ? 3
    : words.some((w) => /^institut/.test(w) || SECOND_RANK.has(w))
      ? 2
      : words.some((w) => THIRD_RANK.has(w))
        ? 1
        : 0;
  let end = words.length;
  while (end > 1 && LEGAL_FORMS.has(words[end - 1])) end--;
  const key = words.slice(0, end).join(' ');
  const academy = words.some((w) => /^(academ|akadem)/.test(w)) && !words.some((w) => w.startsWith('universi'));
  return { key, rank, academy, institute: words.some((w) => w.startsWith('institut')) };
}

function chinesePart(part: string): Part {
  const key = zhInstitution(part);
  return { key, rank: zhRank(key), academy: isZhAcademy(key), institute: isZhInstitute(key) };
}

/** The key of the institution an organisation names; '' when nothing is left (never matches). */
export function normaliseOrganisation(s: string): string {
  let text = foldText(s).replace(/&/g, ' and ');
  const unbracketed = text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  if (/[\p{L}\p{N}]/u.test(unbracketed)) text = unbracketed; // "(ICT)" alone stays itself
  const parts = text
    .split(/[,;、|\n]+/)
    .map((p) => (hasHan(p) ? chinesePart(p) : englishPart(p)))
    .filter((p) => p.key);
  if (parts.length === 0) return '';
  const best = Math.max(...parts.map((p) => p.rank));
  const chosen = best > 0 ? parts.find((p) => p.rank === best)! : parts[parts.length - 1];
  const institute = chosen.academy ? parts.find((p) => p !== chosen && p.institute) : undefined;
  if (!institute) return chosen.key;
  return hasHan(chosen.key) ? chosen.key + institute.key : `${chosen.key} ${institute.key}`;
}
