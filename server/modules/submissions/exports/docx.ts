/**
 * The book of abstracts as a Word document (issue 15; spec 9 "download Word"): A4, the
 * conference's name, then per session a Heading 1 and per abstract a Heading 2, its authors with
 * superscript affiliation marks, the affiliations, the paragraphs and the keywords. The sizes,
 * weights and faces are the layout's, so the Word file reads like the PDF; the faces are named,
 * not embedded (Word substitutes one with the same script when they are not installed), which
 * keeps the file small and Chinese text Chinese.
 */
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun, type IRunOptions } from 'docx';
import type { BookInput, BookTextStyle } from '../book/types';
import { fontName, points, printedBook, printedTitle, type Entry, type PrintedBook } from './shared';

/** A4 in twentieths of a point, with 2 cm margins */
const A4 = { width: 11906, height: 16838 };
const MARGIN = 1134;
const MUTED = '57606A';

type Run = Pick<IRunOptions, 'font' | 'size' | 'bold' | 'italics'>;

/** a layout style as Word run properties: the face for every script, the size in half-points */
function run(s: BookTextStyle, fallbackSize: number, extra = 0): Run {
  const name = fontName(s.font);
  return {
    font: { ascii: name, hAnsi: name, eastAsia: name, cs: name },
    size: Math.round((points(s.size, fallbackSize) + extra) * 2),
    bold: Boolean(s.bold),
    italics: Boolean(s.italic),
  };
}

function abstractParagraphs(e: Entry, input: BookInput, book: PrintedBook): Paragraph[] {
  const { author, content } = input.layout;
  const w = book.words;
  const out: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(printedTitle(e))] }),
  ];

  const names = run(author, 10);
  const authorRuns: TextRun[] = [];
  e.authors.forEach((au, i) => {
    if (i) authorRuns.push(new TextRun({ ...names, text: w.authorSep }));
    authorRuns.push(new TextRun({ ...names, text: au.name }));
    if (au.marks) authorRuns.push(new TextRun({ ...names, text: au.marks, superScript: true }));
  });
  if (authorRuns.length)
    out.push(new Paragraph({ keepNext: true, spacing: { before: 60, after: 40 }, children: authorRuns }));

  // the affiliations: smaller, never bold, muted, one to a line
  const aff: Run = { ...run({ ...author, bold: false }, 10, -1.5), italics: false };
  const affLine = (children: TextRun[]) => new Paragraph({ keepNext: true, spacing: { after: 0 }, children });
  e.affiliations.forEach((name, i) =>
    out.push(
      affLine([
        new TextRun({ ...aff, color: MUTED, text: String(i + 1), superScript: true }),
        new TextRun({ ...aff, color: MUTED, text: name }),
      ]),
    ),
  );
  if (e.hasCorresponding) out.push(affLine([new TextRun({ ...aff, color: MUTED, text: w.corresponding })]));

  const body = run(content, 10);
  e.paragraphs.forEach((p, i) =>
    out.push(
      new Paragraph({
        alignment: AlignmentType.JUSTIFIED,
        spacing: { before: i ? 60 : 160, after: 0 },
        children: [new TextRun({ ...body, text: p })],
      }),
    ),
  );
  if (e.keywords) {
    out.push(
      new Paragraph({
        spacing: { before: 120, after: 240 },
        children: [new TextRun({ ...body, bold: true, text: w.keywords }), new TextRun({ ...body, text: e.keywords })],
      }),
    );
  }
  return out;
}

/** Told per abstract set, then once the file is packed (the pool's task hands it to the work's progress bar). */
export type DocxProgress = (done: number, total: number, stage?: string) => void;

export async function abstractsDocx(input: BookInput, progress: DocxProgress = () => undefined): Promise<Buffer> {
  const book = printedBook(input);
  const total = book.sections.reduce((n, s) => n + s.entries.length, 0);
  let done = 0;
  const { title, author } = input.layout;
  const heading = (extra: number) => ({
    run: { ...run(title, 13, extra), color: '1F2328' },
    paragraph: { spacing: { before: 240, after: 120 } },
  });

  const children: Paragraph[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { before: 2400, after: 240 },
      children: [new TextRun(book.title)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ ...run(author, 10, 4), text: book.words.book })],
    }),
  ];
  if (!book.sections.length)
    children.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 480 },
        children: [new TextRun(book.words.empty)],
      }),
    );
  for (const section of book.sections) {
    // each session on a page of its own, as in the PDF
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(section.title)] }),
    );
    for (const e of section.entries) {
      children.push(...abstractParagraphs(e, input, book));
      progress(++done, total, 'work:stage.building');
    }
  }

  const doc = new Document({
    title: book.title,
    creator: 'Conference platform',
    styles: {
      default: {
        document: {
          run: {
            ...run(input.layout.content, 10),
            bold: false,
            italics: false,
            language: { value: input.lang === 'zh' ? 'zh-CN' : 'en-US', eastAsia: 'zh-CN' },
          },
        },
        title: heading(10),
        heading1: heading(4),
        heading2: heading(0),
      },
    },
    sections: [
      {
        properties: { page: { size: A4, margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } } },
        children,
      },
    ],
  });
  progress(done, total, 'work:stage.saving');
  return Packer.toBuffer(doc);
}
