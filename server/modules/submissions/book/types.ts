/**
 * The book of abstracts' input and output (issue 15; spec 3 "Layout (PDF typesetting) config", 9
 * "PDF layout: 1, 2 or 4 manuscripts per page"). The submissions service gathers this from its
 * tables; the generator (./index.ts) is a pure function of it, so it can be tested and benchmarked
 * without a database and run in a worker or a job.
 */

export type BookFontFamily = 'sans' | 'serif';

/** How one kind of text is set: the layout config's "font, size, bold, italic". */
export type BookTextStyle = {
  font: BookFontFamily;
  /** points, 6 to 24 */
  size: number;
  bold: boolean;
  italic: boolean;
};

export type BookLayout = {
  /** manuscripts per A4 page */
  perPage: 1 | 2 | 4;
  /** print each abstract's number (e.g. "A-003") before its title */
  showNumber: boolean;
  title: BookTextStyle;
  author: BookTextStyle;
  content: BookTextStyle;
};

export type BookAuthor = {
  /** as printed: "Zhang San" or "张三" */
  name: string;
  /** the company / institution as the author typed it ('' when hidden or not given) */
  affiliation: string;
  corresponding: boolean;
};

export type BookAbstract = {
  id: number;
  /** the submission number, e.g. "A-003" */
  number: string;
  title: string;
  /** the session (theme) it belongs to: a key of BookInput.sessions */
  sessionId: number;
  authors: BookAuthor[];
  /** plain text; paragraphs separated by "\n" */
  abstract: string;
  /** '' when none */
  keywords: string;
};

export type BookSession = {
  id: number;
  /** the session's title in the book's language (a parent session; sub-sessions are not shown in the contents) */
  title: string;
  /** contents order: ascending */
  sort: number;
};

export type BookInput = {
  /** the conference's name, on the cover and in the PDF's metadata */
  title: string;
  lang: 'zh' | 'en';
  layout: BookLayout;
  sessions: BookSession[];
  /** in the order they are printed within their session */
  abstracts: BookAbstract[];
};

/**
 * What the generator had to do to an abstract that did not fit the slot the layout gives it:
 * - 'largerSlot': set in a larger slot (two or four slots' worth of a page) instead of one
 * - 'ownPage': set on a page of its own
 * - 'spansPages': taller than a whole page at the configured size: continued over pages (never cut)
 */
export type BookMove = { id: number; number: string; title: string; action: 'largerSlot' | 'ownPage' | 'spansPages' };

export type BookResult = {
  pdf: Buffer;
  pages: number;
  /** the abstracts that did not fit their slot, in the order they are printed (the manager sees this) */
  moves: BookMove[];
};
