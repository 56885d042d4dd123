/** The submissions' rows as the contract's views (server/contract/submissions.ts). */
import { parseJson } from '../../db/dialect';
import {
  DEFAULT_LAYOUT,
  FIELD_MODES,
  layoutInput,
  type AuthorView,
  type FieldMode,
  type FileRule,
  type HistoryEntry,
  type LayoutInput,
  type SessionView,
  type SubmissionSettings,
  type SubmissionView,
  type TermView,
} from '../../contract/submissions';
import { editRefusal, allowed, type AuthorRules } from './states';
import type * as repo from './repo';
import type * as configRepo from './configRepo';

const mode = (v: string): FieldMode => ((FIELD_MODES as readonly string[]).includes(v) ? (v as FieldMode) : 'optional');
const HIDDEN_FILE: FileRule = { mode: 'hide', types: ['pdf'], maxMb: 10 };

export const NO_SETTINGS: SubmissionSettings = {
  saved: false,
  enabled: false,
  startDate: '',
  endDate: '',
  secondDeadline: '',
  abstractMode: 'required',
  abstractMaxChars: 3000,
  abstractFile: HIDDEN_FILE,
  fullText: { mode: 'optional', types: ['pdf', 'doc', 'docx'], maxMb: 20 },
  authorInfo: 'required',
  category: 'optional',
  reportType: 'optional',
  keywords: 'optional',
  limitPerPerson: false,
  maxPerPerson: 0,
  maxTotal: 0,
  instructionsZh: '',
  instructionsEn: '',
  editAfterAccept: false,
};

export function presentSettings(row: configRepo.SettingsRow | undefined): SubmissionSettings {
  if (!row || !row.saved) return NO_SETTINGS;
  return {
    saved: true,
    enabled: Boolean(row.enabled),
    startDate: row.start_date,
    endDate: row.end_date,
    secondDeadline: row.second_deadline,
    abstractMode: mode(row.abstract_mode),
    abstractMaxChars: Number(row.abstract_max_chars),
    abstractFile: parseJson<FileRule>(row.abstract_file, HIDDEN_FILE),
    fullText: parseJson<FileRule>(row.full_text, HIDDEN_FILE),
    authorInfo: mode(row.author_info),
    category: mode(row.category_mode),
    reportType: mode(row.report_type_mode),
    keywords: mode(row.keywords_mode),
    limitPerPerson: Boolean(row.limit_per_person),
    maxPerPerson: Number(row.max_per_person),
    maxTotal: Number(row.max_total),
    instructionsZh: row.instructions_zh,
    instructionsEn: row.instructions_en,
    editAfterAccept: Boolean(row.edit_after_accept),
  };
}

/** The stored layout, or the default when none was saved (or it no longer parses). */
export function presentLayout(row: configRepo.SettingsRow | undefined): LayoutInput {
  const parsed = layoutInput.safeParse(parseJson<unknown>(row?.layout, null));
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

/** Top-level sessions with their sub-sessions, in their order. */
export function sessionTree(rows: configRepo.SessionRow[]): SessionView[] {
  const view = (r: configRepo.SessionRow): SessionView => ({
    id: r.id,
    parentId: r.parent_id == null ? null : r.parent_id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    prefix: r.prefix,
    sort: Number(r.sort),
    children: [],
  });
  const top = rows.filter((r) => r.parent_id == null).map(view);
  const byId = new Map(top.map((s) => [s.id, s]));
  for (const r of rows) if (r.parent_id != null) byId.get(r.parent_id)?.children.push(view(r));
  return top;
}

export function presentTerm(r: configRepo.TermRow): TermView {
  return { id: r.id, kind: r.kind, titleZh: r.title_zh, titleEn: r.title_en, sort: Number(r.sort) };
}

export function presentAuthor(a: repo.AuthorRow): AuthorView {
  return {
    name: a.name,
    surname: a.surname,
    email: a.email,
    phone: a.phone,
    country: a.country,
    company: a.company,
    corresponding: Boolean(a.corresponding),
  };
}

export type FileInfo = Map<string, { originalName: string; size: number }>;

const iso = (v: Date) => v.toISOString();

/** A manuscript as its author and the managers see it; `rules` decides what the author may do now. */
export function presentSubmission(
  row: repo.SubmissionRow,
  authors: repo.AuthorRow[],
  conflicts: repo.ConflictRow[],
  files: FileInfo,
  rules: AuthorRules | null,
): SubmissionView {
  const file = (name: string) => (name && files.has(name) ? { name, ...files.get(name)! } : null);
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    sessionId: row.session_id,
    subSessionId: row.sub_session_id == null ? null : row.sub_session_id,
    reportTypeId: row.report_type_id == null ? null : row.report_type_id,
    categoryId: row.category_id == null ? null : row.category_id,
    abstract: row.abstract,
    keywords: row.keywords,
    abstractFile: file(row.abstract_file),
    fullTextFile: file(row.full_text_file),
    authors: authors.map(presentAuthor),
    conflicts: conflicts.map((c) => ({ email: c.email, organisation: c.organisation })),
    status: row.status,
    submittedAt: iso(row.submitted_at),
    updatedAt: iso(row.updated_at),
    can: rules
      ? {
          edit: row.status !== 'returned' && editRefusal(row.status, rules) === null,
          resubmit: row.status === 'returned' && editRefusal(row.status, rules) === null,
          withdraw: allowed('withdraw', row.status),
        }
      : { edit: false, resubmit: false, withdraw: false },
  };
}

/**
 * The status history. The author's copy (`forAuthor`) names only the author: a change by a manager,
 * a chair or the system (a reviewer's declared conflict) keeps its kind and note but not the name,
 * which in blind review would be a reviewer's or a chair's (test/server/review/blindness.test.ts).
 */
export function presentHistory(rows: repo.HistoryRow[], forAuthor = false): HistoryEntry[] {
  return rows.map((r) => ({
    at: iso(r.created_at),
    from: r.from_status,
    to: r.to_status,
    by: r.by,
    actor: forAuthor && r.by !== 'author' ? '' : r.actor,
    note: r.note,
  }));
}
