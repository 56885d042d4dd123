/**
 * The book of abstracts generator (issue 15): a pure function from the gathered input
 * (./types.ts) to the PDF, its page count and the abstracts that had to be moved. The work is
 * split by stage: fonts.ts (faces, widths), text.ts (line breaking), measure.ts (an abstract's
 * rows), paginate.ts (slots and moves), matter.ts (contents and index), draw.ts and build.ts.
 */
import { render, type BookProgress } from './build';
import type { BookInput, BookResult } from './types';

export type { BookInput, BookResult, BookMove } from './types';
export type { BookProgress } from './build';

export async function buildBook(input: BookInput, progress?: BookProgress): Promise<BookResult> {
  return (await render(input, progress)).result;
}
