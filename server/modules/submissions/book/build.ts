/**
 * The book from input to bytes, in two passes: first everything is measured and paginated (the
 * body, then the contents, whose page count fixes where the body starts, then the index, which
 * needs the body's page numbers); then the pages are drawn in order. Returns, besides the book, a
 * trace of where each abstract was set, which the tests compare with the PDF's own text.
 */
import { drawLine, drawRows, footer, hairline, header } from './draw';
import { type Face, faceOf, Metrics, styleFace } from './fonts';
import { finishPdf, newPdf } from '../../../platform/pdf/document';
import {
  authorNames,
  ENTRY_SIZE,
  type Faces,
  INDEX_COL_GAP,
  INDEX_COL_W,
  layoutContents,
  layoutIndex,
  matterFaces,
} from './matter';
import { type Block, measureAbstract } from './measure';
import { groups, paginate } from './paginate';
import { ACCENT, CONTENT_W, MARGIN_X, MUTED, PAGE_H, SLOT_GAP, Slots, words } from './page';
import { clean, wrap } from './text';
import type { BookInput, BookResult } from './types';

/**
 * Told as the book goes (the pool's task hands it to the work's progress bar): abstracts measured,
 * then pages drawn. A plain callback, so the generator stays free of the platform.
 */
export type BookProgress = (done: number, total: number, stage?: string) => void;

/** Where one part of an abstract was drawn: page (1-based), its region, and where its last row ended. */
export type TraceEntry = { id: number; page: number; top: number; bottom: number; end: number; first: boolean };

const oneLine = (s: string) => clean(s).replace(/\s+/g, ' ').trim();

function usedFaces(input: BookInput, f: Faces): Face[] {
  const { title, author, content } = input.layout;
  return [
    styleFace(title),
    styleFace(author),
    faceOf(author.font, false),
    styleFace(content),
    faceOf(content.font, true),
    f.regular,
    f.bold,
  ];
}

export async function render(
  input: BookInput,
  progress: BookProgress = () => undefined,
): Promise<{ result: BookResult; trace: TraceEntry[] }> {
  const w = words(input.lang);
  const f = matterFaces(input);
  const doc = newPdf(oneLine(input.title) || w.book, usedFaces(input, f), { size: 'A4' });
  const m = new Metrics(doc);
  const trace: TraceEntry[] = [];

  // Pass 1: measure and paginate.
  const list = groups(input, w.other);
  const blocks = new Map<number, Block>();
  const measuring = list.reduce((n, g) => n + g.abstracts.length, 0);
  let measured = 0;
  for (const g of list) {
    for (const a of g.abstracts) {
      blocks.set(a.id, measureAbstract(m, a, input.layout, w));
      progress(++measured, measuring, 'work:stage.building');
    }
  }
  const slots = new Slots(input.layout.perPage);
  const body = paginate(list, blocks, slots);
  const contents = layoutContents(m, list, input, w, f);
  const bodyStart = 2 + contents.pages;
  const pageNumber = (id: number) => bodyStart + body.pageOf.get(id)!;
  const namePages = new Map<string, Set<number>>();
  for (const g of list) {
    for (const a of g.abstracts) {
      for (const au of a.authors) {
        const name = oneLine(au.name);
        if (!namePages.has(name)) namePages.set(name, new Set());
        namePages.get(name)!.add(pageNumber(a.id));
      }
    }
  }
  const names = authorNames(input);
  const index = layoutIndex(m, names, (n) => [...(namePages.get(n) ?? [])].sort((a, b) => a - b), w, f);
  let page = 0;
  const total = 1 + contents.pages + body.pages.length + index.pages;
  const addPage = () => {
    if (page) progress(page, total, 'work:stage.rendering');
    doc.addPage();
    page++;
  };

  // Pass 2: draw. The cover.
  addPage();
  const title = oneLine(input.title);
  let y = PAGE_H * 0.36;
  for (const line of title ? wrap(m, [{ text: title, face: f.bold, size: 26 }], CONTENT_W) : []) {
    drawLine(doc, line, MARGIN_X + (CONTENT_W - line.width) / 2, y);
    y += line.height;
  }
  hairline(doc, y + 14, MARGIN_X + CONTENT_W / 3, MARGIN_X + (2 * CONTENT_W) / 3);
  for (const line of wrap(m, [{ text: w.book, face: f.regular, size: 18, color: ACCENT }], CONTENT_W)) {
    drawLine(doc, line, MARGIN_X + (CONTENT_W - line.width) / 2, y + 30);
  }

  // The contents, with dot leaders to each entry's page and a link to it.
  for (let p = 0; p < contents.pages; p++) {
    addPage();
    for (const item of contents.placed.filter((x) => x.frame === p)) {
      const end = drawRows(doc, item.rows, MARGIN_X, item.y);
      const d = item.data;
      if (d.kind !== 'entry' || item.rows[item.rows.length - 1] !== d.last) continue;
      const n = String(pageNumber(d.abstract.id));
      const lastY = end - d.last.line.height;
      const fontY = lastY + (d.last.line.frags[0]?.dy ?? 0);
      const numW = m.width(f.regular, ENTRY_SIZE, n);
      const right = MARGIN_X + CONTENT_W;
      const from = MARGIN_X + d.last.line.indent + d.last.line.width + 6;
      const dotW = m.width(f.regular, ENTRY_SIZE, '.') + 1.5;
      const dots = Math.max(0, Math.floor((right - numW - 6 - from) / dotW));
      doc.font(f.regular).fontSize(ENTRY_SIZE).fillColor(MUTED);
      if (dots)
        doc.text('.'.repeat(dots), right - numW - 6 - dots * dotW, fontY, { lineBreak: false, characterSpacing: 1.5 });
      doc.text(n, right - numW, fontY, { lineBreak: false });
      doc.goTo(MARGIN_X, item.y, CONTENT_W, end - item.y, `a${d.abstract.id}`);
    }
    footer(doc, m, f.regular, page);
  }

  // The body, with a bookmark per session and per abstract.
  const titleOf = (a: BookInput['abstracts'][number]) =>
    oneLine(input.layout.showNumber && a.number.trim() ? `${a.number} ${a.title}` : a.title);
  let session: ReturnType<typeof doc.outline.addItem> | null = null;
  body.pages.forEach((bp, i) => {
    addPage();
    const g = list[bp.group];
    if (i === 0 || body.pages[i - 1].group !== bp.group) session = doc.outline.addItem(oneLine(g.title));
    header(doc, m, f.regular, oneLine(g.title), title || w.book);
    bp.pieces.forEach((piece, pi) => {
      if (pi) hairline(doc, piece.top - SLOT_GAP / 2);
      if (piece.first) {
        session!.addItem(titleOf(piece.abstract));
        // PDF destinations count from the page's bottom.
        doc.addNamedDestination(`a${piece.abstract.id}`, 'FitH', PAGE_H - piece.top + 8);
      }
      const end = drawRows(doc, piece.rows, MARGIN_X, piece.top);
      trace.push({ id: piece.abstract.id, page, top: piece.top, bottom: piece.bottom, end, first: piece.first });
    });
    footer(doc, m, f.regular, page);
  });

  // The author index, in two columns.
  for (let p = 0; p < index.pages; p++) {
    addPage();
    for (const item of index.placed.filter((x) => Math.floor(x.frame / 2) === p)) {
      const x = item.data.kind === 'heading' ? MARGIN_X : MARGIN_X + (item.frame % 2) * (INDEX_COL_W + INDEX_COL_GAP);
      drawRows(doc, item.rows, x, item.y);
    }
    footer(doc, m, f.regular, page);
  }

  progress(page, total, 'work:stage.rendering');
  const pdf = await finishPdf(doc);
  return { result: { pdf, pages: page, moves: body.moves }, trace };
}
