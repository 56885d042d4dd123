/**
 * The book's four faces (Noto Sans SC and Noto Serif SC, regular and bold: the platform's PDF kit,
 * platform/pdf/document.ts, reads them and registers them in a document) and their metrics. There
 * is no italic CJK face: italic is pdfkit's `oblique` (a skew applied when drawing), which leaves
 * advance widths untouched, so measuring needs no italic variant.
 */
import type { PdfDoc, PdfFace } from '../../../platform/pdf/document';
import type { BookFontFamily, BookTextStyle } from './types';

export type Doc = PdfDoc;
export type Face = PdfFace;

export const faceOf = (family: BookFontFamily, bold: boolean): Face => (bold ? `${family}-bold` : family);
export const styleFace = (s: BookTextStyle): Face => faceOf(s.font, s.bold);

/**
 * Widths (per build: a long-lived process must not keep every word it ever set) and vertical
 * metrics of the faces in one document. Widths are kept per 1000 points so one measurement of
 * a word serves every size. The line box is pdfkit's own (ascender − descender + lineGap), so
 * where this says a line ends is where pdfkit's glyphs end.
 */
export class Metrics {
  private readonly widths = new Map<Face, Map<string, number>>();
  private readonly vertical = new Map<Face, { ascent: number; height: number }>();

  constructor(readonly doc: Doc) {}

  width(face: Face, size: number, text: string): number {
    let cache = this.widths.get(face);
    if (!cache) this.widths.set(face, (cache = new Map()));
    let w = cache.get(text);
    if (w === undefined) {
      w = this.doc.font(face).fontSize(1000).widthOfString(text);
      cache.set(text, w);
    }
    return (w * size) / 1000;
  }

  /** The line box's height and the baseline's distance from its top, for text `size` points. */
  line(face: Face, size: number): { ascent: number; height: number } {
    let v = this.vertical.get(face);
    if (!v) {
      this.doc.font(face).fontSize(1000);
      // pdfkit keeps the ascender (per 1000) on its font object only; its drawing puts the baseline there.
      const ascent = (this.doc as unknown as { _font: { ascender: number } })._font.ascender;
      v = { ascent, height: this.doc.currentLineHeight(true) };
      this.vertical.set(face, v);
    }
    return { ascent: (v.ascent * size) / 1000, height: (v.height * size) / 1000 };
  }
}
