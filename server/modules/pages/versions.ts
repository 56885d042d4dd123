/**
 * A page's versions (spec 3 "Page / template"): every change of content keeps the content before
 * it as a numbered version, with its author and time; a version is shown with line diffs from it
 * to the current content.
 */
import { diffArrays } from 'diff';
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import type { DiffLine, PageVersionDetail, PageVersionItem } from '../../contract/pages';
import { notFound } from '../../platform/errors';
import * as repo from './repo';

const iso = (value: Date) => value.toISOString();
const pageMissing = () => notFound('managePages:notFound');

// Beyond this many changed lines the diff would take long for little use: the old lines are shown
// removed, then the new ones added (still correct, less neat).
const MAX_CHANGED_LINES = 1000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

/** The lines of `before` and `after`, each kept ('='), removed ('-') or added ('+'), by jsdiff. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const changes = diffArrays(a, b, { maxEditLength: MAX_CHANGED_LINES }) ?? [
    { value: a, removed: true, added: false },
    { value: b, removed: false, added: true },
  ];
  return changes.flatMap((c) => c.value.map((text): DiffLine => ({ op: c.added ? '+' : c.removed ? '-' : '=', text })));
}

function author(row: repo.VersionRow): string {
  return row.author_name || row.author_email || '';
}

export type Content = { name: string; html: string; css: string | null; css_path: string | null };

export function contentChanged(a: Content, b: Content): boolean {
  return (
    a.name !== b.name ||
    a.html !== b.html ||
    (a.css ?? null) !== (b.css ?? null) ||
    (a.css_path ?? null) !== (b.css_path ?? null)
  );
}

/** Stores the current content as the next version; its author and time are those of that content. */
export async function keepVersion(tx: Tx, conferenceId: number, current: repo.EditRow): Promise<void> {
  await repo.insertVersion(tx, conferenceId, {
    page_id: current.id,
    version: await repo.nextVersion(tx, conferenceId, current.id),
    name: current.name,
    html: current.html ?? '',
    css: current.css,
    css_path: current.css_path,
    created_by: current.updated_by ?? null,
    created_at: current.updated_at ?? toDbInstant(),
  });
}

export async function versionList(db: Db, conferenceId: number, id: number): Promise<PageVersionItem[]> {
  if (!(await repo.findPage(db, conferenceId, id))) throw pageMissing();
  const rows = await repo.listVersions(db, conferenceId, id);
  return rows.map((r) => ({
    version: Number(r.version),
    name: r.name,
    createdAt: iso(r.created_at),
    author: author(r),
  }));
}

/** One version, with line diffs from it to the current content. */
export async function versionDetail(
  db: Db,
  conferenceId: number,
  id: number,
  version: number,
): Promise<PageVersionDetail> {
  const page = await repo.findPage(db, conferenceId, id);
  if (!page) throw pageMissing();
  const row = await repo.findVersion(db, conferenceId, id, version);
  if (!row) throw notFound('managePages:versionNotFound');
  return {
    version: Number(row.version),
    name: row.name,
    createdAt: iso(row.created_at),
    author: author(row),
    html: row.html,
    css: row.css ?? '',
    cssPath: row.css_path ?? '',
    diff: { html: lineDiff(row.html, page.html ?? ''), css: lineDiff(row.css ?? '', page.css ?? '') },
  };
}
