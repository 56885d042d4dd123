/**
 * The book's four faces (Noto Sans SC and Noto Serif SC, regular and bold) and their metrics.
 * The font files are 10–15 MB each, so each is read from disk once per process and only when a
 * layout asks for it; pdfkit then parses it per document and embeds only the glyphs used. There is
 * no italic CJK face: italic is pdfkit's `oblique` (a skew applied when drawing), which leaves
 * advance widths untouched, so measuring needs no italic variant.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BookFontFamily, BookTextStyle } from './types';

export type Doc = InstanceType<typeof PDFDocument>;
export type Face = 'sans' | 'sans-bold' | 'serif' | 'serif-bold';

const FILES: Record<Face, [string, string]> = {
  sans: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
  'sans-bold': ['@expo-google-fonts/noto-sans-sc', '700Bold/NotoSansSC_700Bold.ttf'],
  serif: ['@expo-google-fonts/noto-serif-sc', '400Regular/NotoSerifSC_400Regular.ttf'],
  'serif-bold': ['@expo-google-fonts/noto-serif-sc', '700Bold/NotoSerifSC_700Bold.ttf'],
};

const require = createRequire(import.meta.url);
const buffers = new Map<Face, Buffer>();

function fontFile(face: Face): Buffer {
  let data = buffers.get(face);
  if (!data) {
    const [pkg, file] = FILES[face];
    const dir = require.resolve(`${pkg}/package.json`).replace(/package\.json$/, '');
    data = fs.readFileSync(`${dir}${file}`);
    buffers.set(face, data);
  }
  return data;
}

export const faceOf = (family: BookFontFamily, bold: boolean): Face => (bold ? `${family}-bold` : family);
export const styleFace = (s: BookTextStyle): Face => faceOf(s.font, s.bold);

/** A document with the given faces registered (a face pdfkit never draws with is not embedded). */
export function newDoc(title: string, faces: Iterable<Face>): Doc {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, size: 'A4', info: { Title: title, Creator: 'Conference platform' } });
  for (const face of new Set(faces)) doc.registerFont(face, fontFile(face));
  return doc;
}

export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

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
