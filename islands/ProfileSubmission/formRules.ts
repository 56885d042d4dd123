/**
 * The submission form's values and checks. The checks are the contract's (`submissionInput` for
 * formats and lengths, `formProblem` for what the call's modes require), the ones the server
 * applies, so a form the island accepts is one the server accepts.
 */
import type { FormInstance, FormRule } from 'antd';
import { submissionInput } from '../../server/contract/submissionChecks';
import {
  formProblem,
  type AuthorPage,
  type AuthorView,
  type Choices,
  type DeclaredConflict,
  type FileView,
  type SubmissionInput,
  type SubmissionView,
} from '../../server/contract/submissions';
import type { T } from '../shared/orderText';

export type FormValues = {
  title: string;
  sessionId?: number | null;
  subSessionId?: number | null;
  reportTypeId?: number | null;
  categoryId?: number | null;
  abstract?: string;
  keywords?: string;
  abstractFile?: FileView | null;
  fullTextFile?: FileView | null;
  authors: Array<Partial<AuthorView>>;
  conflicts?: Array<Partial<DeclaredConflict>>;
};

export type Settings = AuthorPage['settings'];

export const FORM_NAME = 'submission';

export const EMPTY_AUTHOR: AuthorView = {
  name: '',
  surname: '',
  email: '',
  phone: '',
  country: '',
  company: '',
  corresponding: false,
};

/** The form filled with a manuscript, or a new one whose first author is the person themself. */
export function valuesOf(s: SubmissionView | null, prefill: AuthorView): FormValues {
  // A choice not made is undefined, not null: a Select shows its placeholder only then.
  if (!s)
    return {
      title: '',
      abstract: '',
      keywords: '',
      abstractFile: null,
      fullTextFile: null,
      authors: [{ ...prefill, corresponding: true }],
      conflicts: [],
    };
  const {
    title,
    sessionId,
    subSessionId,
    reportTypeId,
    categoryId,
    abstract,
    keywords,
    abstractFile,
    fullTextFile,
    authors,
    conflicts,
  } = s;
  return {
    title,
    sessionId,
    subSessionId: subSessionId ?? undefined,
    reportTypeId: reportTypeId ?? undefined,
    categoryId: categoryId ?? undefined,
    abstract,
    keywords,
    abstractFile,
    fullTextFile,
    authors: authors.map((a) => ({ ...a })),
    conflicts: conflicts.map((c) => ({ ...c })),
  };
}

/** What the server is sent: files by their stored names; fields the call hides are sent empty. */
export function bodyOf(v: FormValues): SubmissionInput {
  return {
    title: v.title ?? '',
    sessionId: v.sessionId ?? Number.NaN,
    subSessionId: v.subSessionId ?? null,
    reportTypeId: v.reportTypeId ?? null,
    categoryId: v.categoryId ?? null,
    abstract: v.abstract ?? '',
    keywords: (v.keywords ?? '').trim(),
    abstractFile: v.abstractFile?.name ?? '',
    fullTextFile: v.fullTextFile?.name ?? '',
    authors: (v.authors ?? []).map((a) => ({ ...EMPTY_AUTHOR, ...a, corresponding: Boolean(a.corresponding) })),
    conflicts: (v.conflicts ?? []).map((c) => ({
      email: (c.email ?? '').trim(),
      organisation: (c.organisation ?? '').trim(),
    })),
  };
}

export function subSessionsOf(choices: Choices) {
  return (sessionId: number) => choices.sessions.find((s) => s.id === sessionId)?.children.map((c) => c.id) ?? [];
}

/**
 * Every problem of the form by field path ("title", "authors.0.email"): each format or length
 * problem, and the first problem of the call's modes (the required fields are also marked
 * required on their items, so all of those show at once).
 */
export function problemsOf(v: FormValues, settings: Settings, choices: Choices): Map<string, string> {
  const body = bodyOf(v);
  const found = new Map<string, string>();
  const parsed = submissionInput.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      if (!found.has(issue.path.join('.'))) found.set(issue.path.join('.'), issue.message);
  const problem = formProblem(body, settings, subSessionsOf(choices));
  if (problem && !found.has(problem[0])) found.set(problem[0], problem[1]);
  return found;
}

/** The form item's check against the whole form (one field may depend on others). */
export function contractRule(
  form: FormInstance<FormValues>,
  path: string,
  settings: Settings,
  choices: Choices,
  t: T,
): FormRule {
  return {
    validator: async () => {
      const key = problemsOf(form.getFieldsValue(true) as FormValues, settings, choices).get(path);
      if (key) throw new Error(t(key, { max: settings.abstractMaxChars }));
    },
  };
}

/** An item's rules: marked required (its message) when the call says so, then the contract's check. */
export function rulesOf(
  form: FormInstance<FormValues>,
  path: string,
  ctx: { settings: Settings; choices: Choices; t: T },
  required?: string,
): FormRule[] {
  const check = contractRule(form, path, ctx.settings, ctx.choices, ctx.t);
  // Only `required` and `message`: antd then checks presence whatever the value's type (a number,
  // a file); spaces alone are the contract's to refuse, with the same message.
  return required ? [{ required: true, message: ctx.t(required) }, check] : [check];
}

/** "authors.0.email" as antd's name path. */
export function namePath(path: string): Array<string | number> {
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Whether the form shows the field (antd gives each item's control the id form_path). */
export function fieldShown(path: string): boolean {
  return (
    typeof document !== 'undefined' && document.getElementById(`${FORM_NAME}_${path.replace(/\./g, '_')}`) !== null
  );
}
