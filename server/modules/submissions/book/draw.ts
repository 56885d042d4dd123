/**
 * Putting measured lines on the page. Every line is drawn where its measurement placed it, with
 * the faces and sizes it was measured with (pdfkit's `lineBreak: false`, so pdfkit never re-wraps
 * or moves to a new page on its own). Justified lines are stretched with pdfkit's word or
 * character spacing, which changes nothing vertically.
 */
import type { Doc, Face, Metrics } from './fonts';
import type { Row } from './measure';
import { FOOTER_Y, HEADER_Y, MARGIN_X, MUTED, PAGE_W, RULE } from './page';
import type { Line } from './text';

/** The most a justified line's spaces or characters are widened; beyond it the line stays ragged. */
const MAX_WORD_STRETCH = 0.6;
const MAX_CHAR_STRETCH = 0.25;

export function drawLine(doc: Doc, line: Line, x: number, y: number): void {
  let spacing: { wordSpacing?: number; characterSpacing?: number } = {};
  if (line.justify && line.frags.length === 1) {
    const f = line.frags[0];
    const extra = line.room - line.width;
    const spaces = (f.text.match(/ /g) ?? []).length;
    const chars = [...f.text].length;
    if (extra > 0.01 && spaces > 0 && extra / spaces <= f.size * MAX_WORD_STRETCH)
      spacing = { wordSpacing: extra / spaces };
    else if (extra > 0.01 && chars > 1 && extra / (chars - 1) <= f.size * MAX_CHAR_STRETCH)
      spacing = { characterSpacing: extra / (chars - 1) };
  }
  for (const f of line.frags) {
    doc.font(f.face).fontSize(f.size).fillColor(f.color);
    doc.text(f.text, x + line.indent + f.x, y + f.dy, {
      lineBreak: false,
      oblique: f.oblique ? 12 : false,
      ...spacing,
    });
  }
}

/** `rows` set from `y` down; returns where the last one ends. */
export function drawRows(doc: Doc, rows: Row[], x: number, y: number): number {
  rows.forEach((r, i) => {
    if (i) y += r.gap;
    drawLine(doc, r.line, x, y);
    y += r.line.height;
  });
  return y;
}

/** `text` cut with an ellipsis to `width` (only for running heads: the full text is in the contents). */
export function fit(m: Metrics, face: Face, size: number, text: string, width: number): string {
  if (m.width(face, size, text) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (m.width(face, size, `${chars.slice(0, mid).join('')}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

export function header(doc: Doc, m: Metrics, face: Face, left: string, right: string): void {
  const size = 8.5;
  const half = (PAGE_W - 2 * MARGIN_X - 20) / 2;
  const r = fit(m, face, size, right, half);
  const l = fit(m, face, size, left, PAGE_W - 2 * MARGIN_X - 20 - m.width(face, size, r));
  doc.font(face).fontSize(size).fillColor(MUTED);
  doc.text(l, MARGIN_X, HEADER_Y, { lineBreak: false });
  doc.text(r, PAGE_W - MARGIN_X - m.width(face, size, r), HEADER_Y, { lineBreak: false });
  hairline(doc, HEADER_Y + m.line(face, size).height + 3);
}

export function footer(doc: Doc, m: Metrics, face: Face, page: number): void {
  const size = 9;
  const text = String(page);
  doc.font(face).fontSize(size).fillColor(MUTED);
  doc.text(text, (PAGE_W - m.width(face, size, text)) / 2, FOOTER_Y, { lineBreak: false });
}

export function hairline(doc: Doc, y: number, x0 = MARGIN_X, x1 = PAGE_W - MARGIN_X): void {
  doc.save().moveTo(x0, y).lineTo(x1, y).lineWidth(0.5).strokeColor(RULE).stroke().restore();
}
