/**
 * The book of abstracts as the Word and HTML downloads print it (issue 15), decided once for both:
 * the session groups and their order, each abstract's printed title, its authors with their
 * affiliation marks, its affiliations and paragraphs. The grouping and the wording are the PDF
 * book's own (book/paginate.ts, book/page.ts), so the three downloads agree; the PDF's
 * measuring is not loaded, since it brings pdfkit and the fonts with it.
 */
import { affiliations } from '../book/credits';
import { words, type Words } from '../book/page';
import { groups } from '../book/paginate';
import { clean } from '../book/text';
import type { BookAbstract, BookFontFamily, BookInput } from '../book/types';

/** an author as printed: the name and its superscript marks ("1,2,*"; '' for none) */
export type PrintedAuthor = { name: string; marks: string };

export type Entry = {
  /** unique within the book: the HTML contents link to it */
  anchor: string;
  /** '' unless the layout prints numbers */
  number: string;
  title: string;
  authors: PrintedAuthor[];
  /** numbered 1..n in the order of their first author */
  affiliations: string[];
  hasCorresponding: boolean;
  paragraphs: string[];
  /** '' when none */
  keywords: string;
};

export type Section = { title: string; entries: Entry[] };

export type PrintedBook = { title: string; words: Words; sections: Section[] };

/** The faces the PDF embeds; Word and browsers use them when installed and fall back otherwise. */
export const FONT_NAMES: Record<BookFontFamily, string> = { sans: 'Noto Sans SC', serif: 'Noto Serif SC' };

/** A layout's family as a font name; anything unexpected (the layout is stored JSON) reads as sans. */
export const fontName = (family: string): string => (family === 'serif' ? FONT_NAMES.serif : FONT_NAMES.sans);

/** A layout's size in points, or `fallback` when the stored value is not a usable number. */
export const points = (size: unknown, fallback: number): number =>
  typeof size === 'number' && size >= 4 && size <= 96 ? size : fallback;

/**
 * Text as authors type it, made fit for XML: clean()'s control characters gone, and what XML 1.0
 * cannot hold at all (a lone surrogate half, U+FFFE, U+FFFF) replaced — Word refuses a file with one.
 */
export function plain(s: string): string {
  return clean(s).replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g,
    '\ufffd',
  );
}

const oneLine = (s: string) => plain(s).replace(/\s+/g, ' ').trim();

/** The credits the PDF prints (book/credits.ts); a nameless author is not printed, their affiliation still is. */
function credits(a: BookAbstract): { affiliations: string[]; authors: PrintedAuthor[] } {
  const { list, marks } = affiliations(a);
  const authors = a.authors.flatMap((au, i) => (oneLine(au.name) ? [{ name: oneLine(au.name), marks: marks[i] }] : []));
  return { affiliations: list.map(plain), authors };
}

function entry(a: BookAbstract, showNumber: boolean, index: number): Entry {
  const { affiliations, authors } = credits(a);
  return {
    anchor: `abstract-${index + 1}`,
    number: showNumber ? oneLine(a.number) : '',
    title: oneLine(a.title),
    authors,
    affiliations,
    hasCorresponding: a.authors.some((au) => au.corresponding),
    paragraphs: plain(a.abstract)
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean),
    keywords: oneLine(a.keywords),
  };
}

/** The sections in contents order ("Other" last, empty ones dropped), each abstract ready to print. */
export function printedBook(input: BookInput): PrintedBook {
  const w = words(input.lang);
  let index = 0;
  const sections = groups(input, w.other).map((g) => ({
    title: oneLine(g.title),
    entries: g.abstracts.map((a) => entry(a, Boolean(input.layout.showNumber), index++)),
  }));
  return { title: oneLine(input.title), words: w, sections };
}

/** "A-003 Title", or the title alone */
export const printedTitle = (e: Entry): string => (e.number ? `${e.number} ${e.title}` : e.title);
