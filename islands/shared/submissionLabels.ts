/**
 * How a manuscript's choices and people read on the author's and the managers' screens: the rows hold ids, the
 * page holds the choices, so the session, sub-session, report type and category are looked up
 * here in the page's language (the list and the detail must show them the same way).
 */
import type { AuthorView, Choices, SessionView, SubmissionView, TermView } from '../../server/contract/submissions';
import type { Lang } from './locale';
import { titleOf } from './orderText';

export type Names = {
  session: (id: number | null) => string;
  /** "session / sub-session" */
  placement: (s: Pick<SubmissionView, 'sessionId' | 'subSessionId'>) => string;
  reportType: (id: number | null) => string;
  category: (id: number | null) => string;
  /** every session and sub-session, for the filter (a sub-session reads "session / sub-session") */
  sessionOptions: Array<{ value: number; label: string }>;
  reportTypeOptions: Array<{ value: number; label: string }>;
  categoryOptions: Array<{ value: number; label: string }>;
  hasReportTypes: boolean;
  hasCategories: boolean;
};

const NONE = '—';

export function namesOf(choices: Choices, lang: Lang): Names {
  const sessions = new Map<number, SessionView>();
  for (const s of choices.sessions) {
    sessions.set(s.id, s);
    for (const c of s.children) sessions.set(c.id, c);
  }
  // Kept apart: report types and categories may share ids.
  const reportTypes = new Map<number, TermView>(choices.reportTypes.map((t) => [t.id, t]));
  const categories = new Map<number, TermView>(choices.categories.map((t) => [t.id, t]));
  const title = (v: { titleZh: string; titleEn: string } | undefined) =>
    v ? titleOf(v.titleZh, v.titleEn, lang) || NONE : NONE;
  const session = (id: number | null) => (id == null ? NONE : title(sessions.get(id)));
  return {
    session,
    placement: (s) =>
      s.subSessionId == null ? session(s.sessionId) : `${session(s.sessionId)} / ${session(s.subSessionId)}`,
    reportType: (id) => (id == null ? NONE : title(reportTypes.get(id))),
    category: (id) => (id == null ? NONE : title(categories.get(id))),
    sessionOptions: choices.sessions.flatMap((s) => [
      { value: s.id, label: title(s) },
      ...s.children.map((c) => ({ value: c.id, label: `${title(s)} / ${title(c)}` })),
    ]),
    reportTypeOptions: choices.reportTypes.map((r) => ({ value: r.id, label: title(r) })),
    categoryOptions: choices.categories.map((c) => ({ value: c.id, label: title(c) })),
    hasReportTypes: choices.reportTypes.length > 0,
    hasCategories: choices.categories.length > 0,
  };
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese names read surname first without a space; others given name first. */
export function authorName(a: Pick<AuthorView, 'name' | 'surname'>): string {
  if (CJK.test(a.surname) || CJK.test(a.name)) return `${a.surname}${a.name}`;
  return [a.name, a.surname].filter(Boolean).join(' ');
}

/** The authors in order, the corresponding ones marked with *. */
export function authorsLine(authors: AuthorView[]): string {
  return authors.map((a) => `${authorName(a)}${a.corresponding ? '*' : ''}`).join(', ');
}

export { fileSize } from './fileSize';
