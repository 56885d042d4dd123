/**
 * The drawing kit shared by the document layouts, on the platform's PDF kit (platform/pdf:
 * the CJK faces, the bytes): documents set in Noto Sans SC, millimetre units, vector QR codes,
 * and text that shrinks to fit.
 */
import QRCode from 'qrcode';
import { newPdf, type PdfDoc } from '../../../platform/pdf/document';

export const MM = 72 / 25.4;
export const mm = (v: number) => v * MM;

export type Doc = PdfDoc;

/** A new document (no page yet) with the fonts 'sans' and 'sans-bold', set in 'sans'. */
export function newDoc(title: string): Doc {
  const doc = newPdf(title, ['sans', 'sans-bold']);
  doc.font('sans');
  return doc;
}

/** A QR code of `text` as vector squares, `size` mm wide, its top-left corner at (x, y) mm. */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number, color = '#111827'): void {
  const qr = QRCode.create(text || ' ', { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  // A quiet zone of two modules on each side, inside the given square.
  const cell = size / (n + 4);
  doc.save().rect(mm(x), mm(y), mm(size), mm(size)).fill('#ffffff');
  doc.fillColor(color);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c))
        doc.rect(mm(x + (c + 2) * cell), mm(y + (r + 2) * cell), mm(cell) + 0.2, mm(cell) + 0.2);
    }
  }
  doc.fill().restore();
}

/** The largest size from `max` down to `min` at which `text` fits `width` mm on one line. */
export function fitSize(doc: Doc, text: string, font: string, width: number, max: number, min: number): number {
  doc.font(font);
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > mm(width)) size -= 0.5;
  return size;
}

export type TextOptions = {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  width: number;
  lines?: number;
};

/** Text in a box `width` mm wide at (x, y) mm; at most `lines` lines (the rest is cut with an ellipsis). */
export function text(doc: Doc, value: string, x: number, y: number, o: TextOptions): number {
  if (!value) return 0;
  doc
    .font(o.bold ? 'sans-bold' : 'sans')
    .fontSize(o.size)
    .fillColor(o.color ?? '#111827');
  const lineHeight = doc.currentLineHeight(true);
  const height = o.lines ? lineHeight * o.lines : undefined;
  doc.text(value, mm(x), mm(y), {
    width: mm(o.width),
    align: o.align ?? 'left',
    height,
    ellipsis: Boolean(o.lines),
    lineGap: 0,
  });
  return doc.y / MM - y;
}

/** Short cut marks at the four corners of a w × h mm box at (x, y) mm, for trimming printed sheets. */
export function cropMarks(doc: Doc, x: number, y: number, w: number, h: number): void {
  const l = 3;
  const g = 1;
  doc.save().lineWidth(0.3).strokeColor('#9ca3af');
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + w, y, 1, -1],
    [x, y + h, -1, 1],
    [x + w, y + h, 1, 1],
  ]) {
    doc
      .moveTo(mm(cx + dx * g), mm(cy))
      .lineTo(mm(cx + dx * (g + l)), mm(cy))
      .stroke();
    doc
      .moveTo(mm(cx), mm(cy + dy * g))
      .lineTo(mm(cx), mm(cy + dy * (g + l)))
      .stroke();
  }
  doc.restore();
}

/** Where n boxes of w × h mm sit on A4 portrait sheets (as many per sheet as fit, centred), or null if none fits. */
export function sheetGrid(
  w: number,
  h: number,
  gap = 6,
): { cols: number; rows: number; x0: number; y0: number; gap: number } | null {
  const margin = 10;
  const cols = Math.floor((210 - 2 * margin + gap) / (w + gap));
  const rows = Math.floor((297 - 2 * margin + gap) / (h + gap));
  if (cols < 1 || rows < 1) return null;
  return {
    cols,
    rows,
    gap,
    x0: (210 - (cols * w + (cols - 1) * gap)) / 2,
    y0: (297 - (rows * h + (rows - 1) * gap)) / 2,
  };
}
