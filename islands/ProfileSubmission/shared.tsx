/**
 * What the author's two screens (the list with the form, and a manuscript's details) share: the
 * names of a manuscript's choices in the page's language, authors' names, the
 * file links, and the withdrawal with its confirmation.
 */
import type { App } from 'antd';
import { COUNTRIES } from '../../server/contract/countries';
import { submissionsApi, type AuthorView, type Choices, type FileView, type SessionView, type SubmissionView, type TermView } from '../../server/contract/submissions';
import { call, urlOf } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, titleOf, type T } from '../shared/orders';

export type Slot = 'abstractFile' | 'fullTextFile';

const NONE = '—';

/** The titles of a manuscript's session, sub-session, report type and category ('—' for none). */
export function namesOf(choices: Choices, lang: Lang) {
  const sessions = new Map<number, SessionView>();
  for (const s of choices.sessions) {
    sessions.set(s.id, s);
    for (const c of s.children) sessions.set(c.id, c);
  }
  // Kept apart: report types and categories may share ids.
  const reportTypes = new Map<number, TermView>(choices.reportTypes.map((r) => [r.id, r]));
  const categories = new Map<number, TermView>(choices.categories.map((c) => [c.id, c]));
  const title = (v: { titleZh: string; titleEn: string } | undefined) => (v ? titleOf(v.titleZh, v.titleEn, lang) || NONE : NONE);
  return {
    session: (id: number | null) => (id == null ? NONE : title(sessions.get(id))),
    reportType: (id: number | null) => (id == null ? NONE : title(reportTypes.get(id))),
    category: (id: number | null) => (id == null ? NONE : title(categories.get(id))),
  };
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese names read surname first without a space; others given name first. */
export function authorName(a: Pick<AuthorView, 'name' | 'surname'>): string {
  if (CJK.test(a.surname) || CJK.test(a.name)) return `${a.surname}${a.name}`;
  return [a.name, a.surname].filter(Boolean).join(' ');
}

/** A country stored by its English name, shown in the page's language. */
export function countryName(country: string, lang: Lang): string {
  const found = lang === 'zh' ? COUNTRIES.find((c) => c.en === country) : undefined;
  return found?.zh ?? country;
}

export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The author's own saved file, as a download link with its original name and size. */
export function FileLink({ id, slot, file }: { id: number; slot: Slot; file: FileView | null }) {
  if (!file) return <>{NONE}</>;
  return (
    <a href={urlOf(submissionsApi.file, { params: { id, slot } })} style={{ overflowWrap: 'anywhere' }}>
      {file.originalName} ({fileSize(file.size)})
    </a>
  );
}

/** Asks, then withdraws the manuscript; `done` gets the manuscript as it is now. */
export function confirmWithdraw(app: ReturnType<typeof App.useApp>, t: T, s: SubmissionView, done: (s: SubmissionView) => unknown): void {
  app.modal.confirm({
    title: t('submissions:action.withdraw'),
    content: t('submitAuthor:confirmWithdraw', { number: s.number, title: s.title }),
    okText: t('submissions:action.withdraw'),
    okButtonProps: { danger: true },
    cancelText: t('submitAuthor:keep'),
    onOk: async () => {
      try {
        const now = await call(submissionsApi.withdraw, { params: { id: s.id } });
        app.message.success(t('submissions:withdrawn'));
        await done(now);
      } catch (err) {
        app.message.error(errorText(err, t));
      }
    },
  });
}
