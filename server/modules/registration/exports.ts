/**
 * Exports of the registrant list (spec 2.12, 7): user.xlsx with one column per answer (its rows
 * read here, the workbook written in the pool by 'platform.table'), and the registrants' files
 * as one zip with a folder per registrant, streamed.
 */
import type { Db } from '../../db/index';
import { parseJson } from '../../db/dialect';
import type { Answers, FormRules } from '../../contract/registration';
import type { Lang } from '../../contract/enums';
import { t } from '../../platform/i18n';
import type { TableCell, TableSheet } from '../../platform/work/table';
import { dayCell, instantCell } from '../../platform/tableCells';
import type { ZipEntry } from '../../platform/zip';
import { loadRules } from './forms';
import { answerText } from './people';
import { answerColumns, formerColumns, listRows } from './queries';
import * as repo from './repo';
import * as fileLinksRepo from './fileLinksRepo';

/** Never exported, whatever a form once held (spec 7: pwd and confirmPwd are left out). */
const SECRET_KEYS = new Set(['pwd', 'confirmPwd', 'password', 'confirmPassword']);

async function rulesByVersion(
  db: Db,
  conferenceId: number,
  rows: repo.RegistrantRow[],
): Promise<Map<string, FormRules | null>> {
  const map = new Map<string, FormRules | null>();
  for (const version of new Set(['default', ...rows.map((r) => r.version)]))
    map.set(version, await loadRules(db, conferenceId, version));
  return map;
}

/** The fee categories each person holds (orders' feeCategoriesOf): the export's column. */
export type FeeCategoriesOf = (conferenceId: number, userIds: number[], lang: Lang) => Promise<Map<number, string>>;

/**
 * user.xlsx's one sheet: a row per registrant of `ids`, a column per answer key of the forms they
 * answered, then the fee categories they hold (in the reader's language; issue 32).
 */
export async function usersTable(
  db: Db,
  conferenceId: number,
  ids: number[],
  lang: Lang,
  timeZone: string,
  feeCategories: FeeCategoriesOf,
): Promise<TableSheet> {
  const rows = await repo.registrantsByIds(db, conferenceId, ids);
  const categories = await feeCategories(
    conferenceId,
    rows.map((r) => r.user_id),
    lang,
  );
  const forms = await rulesByVersion(db, conferenceId, rows);
  // One column per answer key: the default form's order first, then what other versions add.
  const columns = new Map<string, string>();
  for (const rules of forms.values()) {
    for (const col of rules ? answerColumns(rules, lang) : [])
      if (!columns.has(col.key) && !SECRET_KEYS.has(col.key))
        columns.set(col.key, col.key === 'email' ? t(lang, 'registration:email') : col.title);
  }
  // Answers to items hidden or removed since (issue 18) get their own columns, titled as such.
  for (const row of rows) {
    const answers = parseJson<Answers>(row.answers, {});
    const given = Object.keys(answers).filter(
      (k) => answers[k] !== '' && !(Array.isArray(answers[k]) && !answers[k].length),
    );
    for (const col of formerColumns(forms.get(row.version) ?? null, given, lang))
      if (!columns.has(col.key)) columns.set(col.key, col.title);
  }
  const listed = new Map((await listRows(db, rows)).map((r) => [r.id, r]));
  const files = await fileLinksRepo.filesOf(
    db,
    conferenceId,
    rows.map((r) => r.id),
  );
  const head = [
    t(lang, 'registration:export.code'),
    t(lang, 'registration:export.name'),
    ...columns.values(),
    t(lang, 'registration:export.feeCategory'),
    t(lang, 'registration:export.version'),
    t(lang, 'registration:export.time', { timeZone }),
  ];
  const filesOfRow = new Map<number, fileLinksRepo.RegistrantFileRow[]>();
  for (const f of files) filesOfRow.set(f.registrant_id, [...(filesOfRow.get(f.registrant_id) ?? []), f]);
  const body = rows.map((row) => {
    const answers = parseJson<Answers>(row.answers, {});
    const rules = forms.get(row.version) ?? null;
    const items = new Map((rules?.items ?? []).map((i) => [i.field, i]));
    const own = filesOfRow.get(row.id) ?? [];
    // A date answer is a date cell and the registration time a date-and-time cell in the conference's zone (issue 32): sortable in the sheet.
    const cells = [...columns.keys()].map((key): TableCell => {
      const text = answerText(
        items.get(key),
        answers[key],
        lang,
        own.filter((f) => f.field === key).map((f) => f.original_name),
      );
      return items.get(key)?.type === 'date' ? dayCell(text) : text;
    });
    return [
      row.code,
      listed.get(row.id)?.name ?? '',
      ...cells,
      categories.get(row.user_id) ?? '',
      String(row.version),
      instantCell(row.created_at, timeZone),
    ];
  });
  return {
    name: t(lang, 'registration:export.sheet'),
    head,
    rows: body,
    widths: head.map((title) => Math.min(40, Math.max(10, title.length * 2 + 4))),
  };
}

/**
 * The fingerprint of what an export of `ids` shows (issue 30): the registrants' count and last
 * change, their files, and the forms (titles and option labels). A kept file is answered again
 * while it is the same.
 */
export async function selectionVersion(db: Db, conferenceId: number, ids: number[]): Promise<string> {
  if (!ids.length) return 'none';
  const { people, files, forms } = await repo.selectionStamps(db, conferenceId, ids);
  return [people, files, forms].map((s) => `${s.n}@${s.last ?? ''}`).join('|');
}

/** A name safe as a zip path segment on every system. */
export function safeSegment(name: string): string {
  const cleaned = Array.from(name)
    .filter((c) => c.charCodeAt(0) >= 0x20)
    .join('')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return cleaned.slice(0, 100) || 'file';
}

export type { ZipEntry } from '../../platform/zip';

/**
 * These stored uploads, where a registrant's answer names them, each at its place in the files of
 * its registrant: read for those registrants only, not the whole conference (a download of one
 * file read every registrant's).
 */
export async function registrantFilesNamed(db: Db, conferenceId: number, storedNames: string[]): Promise<ZipEntry[]> {
  const names = new Set(storedNames);
  const ids = await fileLinksRepo.registrantsWithFilesNamed(db, conferenceId, [...names]);
  return (await filesOfRegistrants(db, conferenceId, ids)).filter((e) => names.has(e.storedName));
}

/** The files of registrants, a folder each ('<code> <name>/<original name>'). */
export async function filesOfRegistrants(db: Db, conferenceId: number, ids: number[]): Promise<ZipEntry[]> {
  const rows = await repo.registrantsByIds(db, conferenceId, ids);
  const names = new Map((await listRows(db, rows)).map((r) => [r.id, `${r.code} ${r.name}`]));
  const files = await fileLinksRepo.filesOf(
    db,
    conferenceId,
    rows.map((r) => r.id),
  );
  const used = new Set<string>();
  return files.map((f) => {
    const folder = safeSegment(names.get(f.registrant_id) ?? String(f.registrant_id));
    let path = `${folder}/${safeSegment(f.original_name)}`;
    for (let n = 2; used.has(path); n++) path = `${folder}/${n}-${safeSegment(f.original_name)}`;
    used.add(path);
    return { path, storedName: f.stored_name };
  });
}
