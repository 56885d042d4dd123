/**
 * Registrants as the management screens read them (spec 2.12): the list, one registrant's
 * answers and files, and the rows of pageQuery. Read-only.
 */
import type { Db } from '../../db/index';
import { parseJson } from '../../db/dialect';
import { displayName } from '../../contract/registrationRules';
import { NAME_PARTS, type Answers, type FormItem, type FormRules } from '../../contract/registration';
import type {
  RegistrantAnswer,
  RegistrantContentPage,
  RegistrantDetails,
  RegistrantFile,
  RegistrantListRow,
  RegistrantPage,
} from '../../contract/registrants';
import type { Lang } from '../../contract/enums';
import { t } from '../../platform/i18n';
import { loadRules } from './forms';
import { accountsByIds } from '../accounts/index';
import { answerText } from './people';
import * as repo from './repo';
import * as fileLinksRepo from './fileLinksRepo';
import { loadSettings } from './settings';
import { utcOffsetMinutes } from '../../platform/localTime';
import { zhOrEn } from '../../contract/bilingual';

const NAME_PART_KEYS: Record<string, string> = {
  fullName: 'registration:fullName',
  firstName: 'registration:firstName',
  middleName: 'registration:middleName',
  lastName: 'registration:lastName',
};

const iso = (instant: Date): string => instant.toISOString();

export async function listRows(db: Db, rows: repo.RegistrantRow[]): Promise<RegistrantListRow[]> {
  const names = await accountsByIds(
    db,
    rows.flatMap((r) => [r.user_id, ...(r.added_by ? [r.added_by] : [])]),
  );
  return rows.map((r) => {
    const adder = r.added_by ? names.get(r.added_by) : undefined;
    return {
      id: r.id,
      code: r.code,
      name: displayName({
        fullName: r.full_name,
        firstName: r.first_name,
        middleName: r.middle_name,
        lastName: r.last_name,
        userName: names.get(r.user_id)?.trueName,
      }),
      email: r.email,
      unit: r.unit,
      country: r.country,
      phone: r.phone,
      version: r.version,
      createTime: iso(r.created_at),
      addedBy: adder ? adder.trueName || adder.email : null,
    };
  });
}

export async function findPage(db: Db, conferenceId: number, q: repo.RegistrantQuery): Promise<RegistrantPage> {
  const { rows, total } = await repo.queryRegistrants(db, conferenceId, await withZone(db, conferenceId, q));
  return { rows: await listRows(db, rows), total };
}

/** A search by days of registration reads them in the conference's time zone (as the overview counts them). */
export async function withZone<Q extends { from?: string; to?: string; offsetMinutes?: number }>(
  db: Db,
  conferenceId: number,
  q: Q,
): Promise<Q> {
  if (!q.from && !q.to) return q;
  return { ...q, offsetMinutes: utcOffsetMinutes((await loadSettings(db, conferenceId)).timeZone, new Date()) };
}

/** The visible items of a form with a title each; the name becomes its parts. */
export function answerColumns(rules: FormRules, lang: Lang): Array<{ key: string; title: string; item: FormItem }> {
  const out: Array<{ key: string; title: string; item: FormItem }> = [];
  for (const item of rules.items) {
    if (item.mode === 'hidden') continue;
    if (item.field === 'name') {
      for (const part of NAME_PARTS[rules.nameStyle])
        out.push({ key: part, title: t(lang, NAME_PART_KEYS[part]), item });
    } else {
      out.push({ key: item.field, title: zhOrEn(item.titleZh, item.titleEn, lang) || item.field, item });
    }
  }
  return out;
}

/** Never shown, whatever a form once held (spec 7: pwd and confirmPwd are left out). */
export const SECRET_ANSWER_KEYS = new Set(['pwd', 'confirmPwd', 'password', 'confirmPassword', 'noticeAccepted']);

/**
 * Answers to items the form no longer shows — hidden since, or removed — titled as such (issue 18):
 * what a registrant gave stays readable in the details and the exports.
 */
export function formerColumns(
  rules: FormRules | null,
  keys: Iterable<string>,
  lang: Lang,
): Array<{ key: string; title: string; item: FormItem | undefined }> {
  const shown = new Set(rules ? answerColumns(rules, lang).map((c) => c.key) : []);
  const items = new Map((rules?.items ?? []).map((i) => [i.field, i]));
  const out: Array<{ key: string; title: string; item: FormItem | undefined }> = [];
  for (const key of keys) {
    if (shown.has(key) || SECRET_ANSWER_KEYS.has(key) || NAME_PART_SET.has(key)) continue;
    const item = items.get(key);
    const title = item ? zhOrEn(item.titleZh, item.titleEn, lang) || key : key;
    out.push({
      key,
      title: t(lang, item ? 'registration:formerHidden' : 'registration:formerRemoved', { title }),
      item,
    });
  }
  return out;
}

const NAME_PART_SET = new Set(Object.values(NAME_PARTS).flat() as string[]);

/** Every answer of a registrant, with the files of file items. */
export async function answersOf(
  db: Db,
  conferenceId: number,
  row: repo.RegistrantRow,
  lang: Lang,
): Promise<RegistrantAnswer[]> {
  const rules = await loadRules(db, conferenceId, row.version);
  const answers = parseJson<Answers>(row.answers, {});
  const files = await fileLinksRepo.filesOf(db, conferenceId, [row.id]);
  const filesByField = new Map<string, RegistrantFile[]>();
  for (const f of files)
    filesByField.set(f.field, [
      ...(filesByField.get(f.field) ?? []),
      { name: f.stored_name, originalName: f.original_name, size: Number(f.size) },
    ]);
  const given = Object.keys(answers).filter(
    (k) => answers[k] !== '' && !(Array.isArray(answers[k]) && !answers[k].length),
  );
  const columns = [...(rules ? answerColumns(rules, lang) : []), ...formerColumns(rules, given, lang)];
  return columns.map(({ key, title, item }) => {
    const own = filesByField.get(key) ?? [];
    return {
      field: key,
      title,
      value: answerText(
        item?.field === 'name' ? undefined : item,
        answers[key],
        lang,
        own.map((f) => f.originalName),
      ),
      files: own,
    };
  });
}

export async function details(db: Db, conferenceId: number, id: number, lang: Lang): Promise<RegistrantDetails | null> {
  const row = await repo.findRegistrant(db, conferenceId, id);
  if (!row) return null;
  const [listed] = await listRows(db, [row]);
  return { ...listed, userId: row.user_id, answers: await answersOf(db, conferenceId, row, lang) };
}

/** pageQuery (spec 7): rows whose content is the list of {field, title, value}. */
export async function pageQuery(
  db: Db,
  conferenceId: number,
  q: repo.RegistrantQuery,
  lang: Lang,
): Promise<RegistrantContentPage> {
  const { rows, total } = await repo.queryRegistrants(db, conferenceId, await withZone(db, conferenceId, q));
  const out = [];
  for (const row of rows) {
    const answers = await answersOf(db, conferenceId, row, lang);
    out.push({
      id: row.id,
      code: row.code,
      email: row.email,
      createTime: iso(row.created_at),
      content: answers.map(({ field, title, value }) => ({ field, title, value })),
    });
  }
  return { rows: out, total };
}
