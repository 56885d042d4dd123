/**
 * The front and back matter's layout: the contents (session headings, then each abstract's
 * number, title, dot leaders and page) and the author index (every name with the pages of its
 * abstracts, in two columns). Both are laid out before any page number is known — the contents
 * keep a fixed column for the page number — so the number of contents pages, and with it every
 * body page number, is settled before drawing.
 */
import { type Face, faceOf, type Metrics } from './fonts';
import { flow, type Placed, type Unit } from './flow';
import { heightOf, type Row } from './measure';
import type { Group } from './paginate';
import { ACCENT, CONTENT_BOTTOM, CONTENT_TOP, CONTENT_W, MUTED, type Words } from './page';
import { clean, wrap } from './text';
import type { BookAbstract, BookInput } from './types';

/** the page number's column at the right of a contents entry, and the least room left for leaders */
export const PAGE_COL = 30;
export const LEADER_MIN = 18;
export const ENTRY_SIZE = 9.5;
export const HEADING_SIZE = 18;
export const INDEX_COL_GAP = 24;
export const INDEX_COL_W = (CONTENT_W - INDEX_COL_GAP) / 2;
export const INDEX_SIZE = 9;

export type Faces = { regular: Face; bold: Face };
export const matterFaces = (input: BookInput): Faces => ({
  regular: faceOf(input.layout.title.font, false),
  bold: faceOf(input.layout.title.font, true),
});

export type ContentsItem =
  { kind: 'heading' } | { kind: 'session' } | { kind: 'entry'; abstract: BookAbstract; last: Row } | { kind: 'empty' };

/** A page's heading ("Contents", "Author index"), set as rows so it is measured like the rest. */
export function headingRows(m: Metrics, text: string, f: Faces): Row[] {
  return wrap(m, [{ text, face: f.bold, size: HEADING_SIZE }], CONTENT_W).map((line) => ({ gap: 0, line }));
}

export function layoutContents(
  m: Metrics,
  list: Group[],
  input: BookInput,
  w: Words,
  f: Faces,
): { placed: Placed<ContentsItem>[]; pages: number } {
  const units: Unit<ContentsItem>[] = [{ rows: headingRows(m, w.contents, f), gap: 0, data: { kind: 'heading' } }];
  if (!list.length)
    units.push({
      rows: wrap(m, [{ text: w.empty, face: f.regular, size: 11, color: MUTED }], CONTENT_W).map((line) => ({
        gap: 0,
        line,
      })),
      gap: 14,
      data: { kind: 'empty' },
    });
  for (const g of list) {
    const rows = wrap(m, [{ text: clean(g.title).trim(), face: f.bold, size: 11.5, color: ACCENT }], CONTENT_W).map(
      (line) => ({ gap: 0, line }),
    );
    units.push({ rows, gap: 14, keepWithNext: true, data: { kind: 'session' } });
    g.abstracts.forEach((a, i) => {
      const spans = [];
      if (input.layout.showNumber && a.number.trim())
        spans.push({ text: `${clean(a.number).trim()} `, face: f.regular, size: ENTRY_SIZE, color: MUTED });
      spans.push({ text: clean(a.title).trim(), face: f.regular, size: ENTRY_SIZE });
      const lines = wrap(m, spans, CONTENT_W - PAGE_COL - LEADER_MIN, { hang: 12 });
      const entryRows = lines.map((line) => ({ gap: 0, line }));
      units.push({
        rows: entryRows,
        gap: i ? 3 : 6,
        data: { kind: 'entry', abstract: a, last: entryRows[entryRows.length - 1] },
      });
    });
  }
  const { placed, frames } = flow(units, () => ({ top: CONTENT_TOP, bottom: CONTENT_BOTTOM }));
  return { placed, pages: frames };
}

export type IndexItem = { kind: 'heading' } | { kind: 'name'; name: string };

/** Every printed author name once (exactly as printed), sorted for the book's language. */
export function authorNames(input: BookInput): string[] {
  const names = new Set<string>();
  for (const a of input.abstracts)
    for (const au of a.authors) {
      const name = clean(au.name).replace(/\s+/g, ' ').trim();
      if (name) names.add(name);
    }
  const locale = input.lang === 'zh' ? 'zh-Hans-CN' : 'en';
  return [...names].sort((a, b) => a.localeCompare(b, locale));
}

/**
 * The index in two columns: the heading across the first page, then frames alternating left and
 * right column. `pagesOf` gives each name's page numbers (known by then: the index follows the body).
 */
export function layoutIndex(
  m: Metrics,
  names: string[],
  pagesOf: (name: string) => number[],
  w: Words,
  f: Faces,
): { placed: Placed<IndexItem>[]; pages: number } {
  const heading = headingRows(m, w.index, f);
  const headH = heightOf(heading) + 14;
  const units: Unit<IndexItem>[] = names.map((name) => {
    const spans = [
      { text: name, face: f.regular, size: INDEX_SIZE, keep: true },
      { text: `  ${pagesOf(name).join(', ')}`, face: f.regular, size: INDEX_SIZE, color: MUTED },
    ];
    return {
      rows: wrap(m, spans, INDEX_COL_W, { hang: 12 }).map((line) => ({ gap: 0, line })),
      gap: 2,
      data: { kind: 'name', name },
    };
  });
  const { placed, frames } = flow(units, (i) => ({ top: CONTENT_TOP + (i < 2 ? headH : 0), bottom: CONTENT_BOTTOM }));
  placed.unshift({ frame: 0, y: CONTENT_TOP, rows: heading, data: { kind: 'heading' } });
  return { placed, pages: Math.ceil(frames / 2) };
}
