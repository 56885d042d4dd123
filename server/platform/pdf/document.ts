/**
 * The PDF kit every layout shares (documents' badges, letters and receipts, the book of abstracts,
 * the printed programme): a pdfkit document set in the project's CJK faces and its bytes when it is
 * done. The faces are Noto Sans SC and Noto Serif SC, regular and bold; each file is 10–15 MB, so
 * it is read from disk once per process (or worker thread) and only when a layout asks for it, and
 * pdfkit embeds only the glyphs a document uses.
 *
 * This file loads pdfkit: import it only where a PDF is drawn (the heavy-work tasks load it in the
 * worker threads, never on the main thread); sending the bytes is `./send.ts`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;
export type PdfFace = 'sans' | 'sans-bold' | 'serif' | 'serif-bold';

const FILES: Record<PdfFace, [string, string]> = {
  sans: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
  'sans-bold': ['@expo-google-fonts/noto-sans-sc', '700Bold/NotoSansSC_700Bold.ttf'],
  serif: ['@expo-google-fonts/noto-serif-sc', '400Regular/NotoSerifSC_400Regular.ttf'],
  'serif-bold': ['@expo-google-fonts/noto-serif-sc', '700Bold/NotoSerifSC_700Bold.ttf'],
};

const require = createRequire(import.meta.url);
const loaded = new Map<PdfFace, Buffer>();

function fontFile(face: PdfFace): Buffer {
  let data = loaded.get(face);
  if (!data) {
    const [pkg, file] = FILES[face];
    const dir = require.resolve(`${pkg}/package.json`).replace(/package\.json$/, '');
    data = fs.readFileSync(`${dir}${file}`);
    loaded.set(face, data);
  }
  return data;
}

export type PdfOptions = { size?: string; margin?: number; bufferPages?: boolean };

/**
 * A new document, no page yet, with `faces` registered under their names (a face never drawn
 * with is not embedded). Margins are 0 unless given: the layouts place everything themselves.
 */
export function newPdf(title: string, faces: Iterable<PdfFace>, options: PdfOptions = {}): PdfDoc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    ...options,
    info: { Title: title, Creator: 'Conference platform' },
  });
  for (const face of new Set(faces)) doc.registerFont(face, fontFile(face));
  return doc;
}

/** Ends the document and gives its bytes. */
export function finishPdf(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
