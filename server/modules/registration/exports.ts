/**
 * Exports of the registrant list (spec 2.12, 7): user.xlsx with one column per answer, and the
 * registrants' files as one zip with a folder per registrant.
 */
import { localTime } from '../../platform/localTime';
import type { Writable } from 'node:stream';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/index';
import { fromDbInstant, parseJson } from '../../db/dialect';
import type { Answers, FormRules } from '../../contract/registration';
import type { Lang } from '../../contract/enums';
import { t } from '../../platform/i18n';
import { addTextRow } from '../../platform/xlsx';
import type { FilesService } from '../files/service';
import { loadRules } from './forms';
import { answerText } from './people';
import { answerColumns, formerColumns, listRows } from './queries';
import * as repo from './repo';

/** Never exported, whatever a form once held (spec 7: pwd and confirmPwd are left out). */
const SECRET_KEYS = new Set(['pwd', 'confirmPwd', 'password', 'confirmPassword']);

async function rulesByVersion(db: Db, conferenceId: number, rows: repo.RegistrantRow[]): Promise<Map<string, FormRules | null>> {
  const map = new Map<string, FormRules | null>();
  for (const version of new Set(['default', ...rows.map((r) => r.version)])) map.set(version, await loadRules(db, conferenceId, version));
  return map;
}

export async function usersWorkbook(db: Db, conferenceId: number, ids: number[], lang: Lang, timeZone: string): Promise<Buffer> {
  const rows = await repo.registrantsByIds(db, conferenceId, ids);
  const forms = await rulesByVersion(db, conferenceId, rows);
  // One column per answer key: the default form's order first, then what other versions add.
  const columns = new Map<string, string>();
  for (const rules of forms.values()) {
    for (const col of rules ? answerColumns(rules, lang) : []) if (!columns.has(col.key) && !SECRET_KEYS.has(col.key)) columns.set(col.key, col.key === 'email' ? t(lang, 'registration:email') : col.title);
  }
  // Answers to items hidden or removed since (issue 18) get their own columns, titled as such.
  for (const row of rows) {
    const answers = parseJson<Answers>(row.answers, {});
    const given = Object.keys(answers).filter((k) => answers[k] !== '' && !(Array.isArray(answers[k]) && !answers[k].length));
    for (const col of formerColumns(forms.get(row.version) ?? null, given, lang)) if (!columns.has(col.key)) columns.set(col.key, col.title);
  }
  const listed = new Map((await listRows(db, rows)).map((r) => [r.id, r]));
  const files = await repo.filesOf(db, conferenceId, rows.map((r) => r.id));
  const book = new ExcelJS.Workbook();
  book.created = new Date(0);
  const sheet = book.addWorksheet(t(lang, 'registration:export.sheet'));
  const header = [t(lang, 'registration:export.code'), t(lang, 'registration:export.name'), ...columns.values(), t(lang, 'registration:export.version'), t(lang, 'registration:export.time', { timeZone })];
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) {
    const answers = parseJson<Answers>(row.answers, {});
    const rules = forms.get(row.version) ?? null;
    const items = new Map((rules?.items ?? []).map((i) => [i.field, i]));
    const own = files.filter((f) => f.registrant_id === row.id);
    const cells = [...columns.keys()].map((key) => answerText(items.get(key), answers[key], lang, own.filter((f) => f.field === key).map((f) => f.original_name)));
    const created = fromDbInstant(row.created_at);
    const time = created ? localTime(created, timeZone, true) : '';
    // What participants typed stays text: a cell that would read as a formula gets the quote-prefix style.
    addTextRow(sheet, [row.code, listed.get(row.id)?.name ?? '', ...cells, row.version, time].map(String));
  }
  sheet.columns.forEach((col, i) => (col.width = Math.min(40, Math.max(10, String(header[i] ?? '').length * 2 + 4))));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
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

export type ZipEntry = { path: string; storedName: string };

/** The files of registrants, a folder each ('<code> <name>/<original name>'). */
export async function filesOfRegistrants(db: Db, conferenceId: number, ids: number[]): Promise<ZipEntry[]> {
  const rows = await repo.registrantsByIds(db, conferenceId, ids);
  const names = new Map((await listRows(db, rows)).map((r) => [r.id, `${r.code} ${r.name}`]));
  const files = await repo.filesOf(db, conferenceId, rows.map((r) => r.id));
  const used = new Set<string>();
  return files.map((f) => {
    const folder = safeSegment(names.get(f.registrant_id) ?? String(f.registrant_id));
    let path = `${folder}/${safeSegment(f.original_name)}`;
    for (let n = 2; used.has(path); n++) path = `${folder}/${n}-${safeSegment(f.original_name)}`;
    used.add(path);
    return { path, storedName: f.stored_name };
  });
}

/** Streams a zip of the entries into `out`; files missing from the store are skipped. */
export async function writeZip(out: Writable, conferenceId: number, files: FilesService, entries: ZipEntry[]): Promise<void> {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('close', () => resolve());
    zip.on('error', reject);
  });
  zip.pipe(out);
  for (const entry of entries) {
    const bytes = await files.read(conferenceId, entry.storedName);
    if (bytes) zip.append(bytes, { name: entry.path });
  }
  await zip.finalize();
  await done;
}
