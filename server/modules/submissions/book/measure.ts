/**
 * An abstract as a column of rows (title lines, author lines, affiliation lines, paragraphs,
 * keywords), each row with its height and the gap above it. Measured once at the one slot width
 * (every slot is the full content width), and the same rows are drawn: a block's height is
 * exactly the space its drawing takes, and an abstract taller than a page can be continued at a
 * row boundary with nothing cut.
 */
import type { Metrics } from './fonts';
import { styleFace } from './fonts';
import { ACCENT, CONTENT_W, MUTED, type Words } from './page';
import { clean, type Line, type Span, wrap } from './text';
import { affiliations } from './credits';
import type { BookAbstract, BookLayout } from './types';

export type Row = { gap: number; line: Line };
export type Block = { rows: Row[]; height: number };

/** the height the rows take when set one after another from the top of a region */
export function heightOf(rows: Row[]): number {
  return rows.reduce((h, r, i) => h + (i ? r.gap : 0) + r.line.height, 0);
}

function push(rows: Row[], lines: Line[], gap: number): void {
  lines.forEach((line, i) => rows.push({ gap: i === 0 ? gap : 0, line }));
}

export function measureAbstract(m: Metrics, a: BookAbstract, layout: BookLayout, w: Words): Block {
  const rows: Row[] = [];
  const { title: ts, author: as, content: cs } = layout;
  const titleSpan = (text: string, color?: string): Span => ({
    text,
    face: styleFace(ts),
    size: ts.size,
    oblique: ts.italic,
    color,
  });
  const titleSpans: Span[] = [];
  if (layout.showNumber && a.number.trim()) titleSpans.push(titleSpan(`${clean(a.number).trim()} `, ACCENT));
  titleSpans.push(titleSpan(clean(a.title).trim()));
  push(rows, wrap(m, titleSpans, CONTENT_W), 0);

  const { list, marks } = affiliations(a);
  const supSize = Math.max(5, as.size * 0.62);
  const authorSpans: Span[] = [];
  a.authors.forEach((au, i) => {
    const name = clean(au.name).trim();
    if (!name) return;
    if (authorSpans.length)
      authorSpans.push({ text: w.authorSep, face: styleFace(as), size: as.size, oblique: as.italic });
    authorSpans.push({ text: name, face: styleFace(as), size: as.size, oblique: as.italic, keep: true });
    if (marks[i]) authorSpans.push({ text: marks[i], face: styleFace(as), size: supSize, sup: true, attach: 'prev' });
  });
  const authorGap = ts.size * 0.35;
  if (authorSpans.length) push(rows, wrap(m, authorSpans, CONTENT_W), authorGap);

  const affSize = Math.max(6, as.size - 1.5);
  const affFace = styleFace({ ...as, bold: false });
  const affSpans: Span[] = [];
  list.forEach((aff, i) => {
    if (i) affSpans.push({ text: w.affSep, face: affFace, size: affSize, color: MUTED });
    affSpans.push({
      text: String(i + 1),
      face: affFace,
      size: Math.max(5, affSize * 0.62),
      color: MUTED,
      sup: true,
      attach: 'next',
    });
    affSpans.push({ text: aff, face: affFace, size: affSize, color: MUTED });
  });
  if (a.authors.some((au) => au.corresponding)) {
    if (affSpans.length) affSpans.push({ text: w.affSep, face: affFace, size: affSize, color: MUTED });
    affSpans.push({ text: w.corresponding, face: affFace, size: affSize, color: MUTED });
  }
  if (affSpans.length) push(rows, wrap(m, affSpans, CONTENT_W), authorSpans.length ? 1 : authorGap);

  const face = styleFace(cs);
  const paragraphs = clean(a.abstract)
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  paragraphs.forEach((p, i) =>
    push(
      rows,
      wrap(m, [{ text: p, face, size: cs.size, oblique: cs.italic }], CONTENT_W, { justify: true }),
      i ? cs.size * 0.3 : cs.size * 0.7,
    ),
  );

  const keywords = clean(a.keywords).replace(/\s+/g, ' ').trim();
  if (keywords) {
    const spans: Span[] = [
      { text: w.keywords, face: styleFace({ ...cs, bold: true }), size: cs.size, oblique: cs.italic, attach: 'next' },
      { text: keywords, face, size: cs.size, oblique: cs.italic },
    ];
    push(rows, wrap(m, spans, CONTENT_W), cs.size * 0.5);
  }
  return { rows, height: heightOf(rows) };
}
