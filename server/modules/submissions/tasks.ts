/**
 * The submissions' CPU tasks, run in the platform's pool of warm worker threads (issue 30;
 * server/platform/work/types.ts): the book of abstracts as PDF, Word and HTML. Each is a pure
 * function of the input the main side gathered (./book.ts `input`), so it never touches the
 * database or the request. The Excel list needs no task of its own: the main side writes its rows
 * as text and hands them to the platform's 'platform.table'.
 *
 * The generators load when a task first runs in a worker: the main thread never loads pdfkit, the
 * fonts or docx for them.
 */
import type { ComputeTask } from '../../platform/work/types';
import type { BookInput, BookMove } from './book/types';

/** What the book task answers: the PDF crosses the thread as bytes (a Buffer arrives as a Uint8Array). */
export type BookTaskOutput = { pages: number; moves: BookMove[]; pdf: Uint8Array };

/** Bytes that cross the thread without a copy of the view's whole backing store. */
const bytesOf = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export const tasks = {
  'submissions.book': async (input: BookInput, progress): Promise<BookTaskOutput> => {
    const r = await (await import('./book/index')).buildBook(input, progress);
    return { pages: r.pages, moves: r.moves, pdf: bytesOf(r.pdf) };
  },
  'submissions.docx': async (input: BookInput, progress): Promise<Uint8Array> =>
    bytesOf(await (await import('./exports/docx')).abstractsDocx(input, progress)),
  'submissions.html': async (input: BookInput): Promise<Uint8Array> =>
    bytesOf(Buffer.from((await import('./exports/html')).abstractsHtml(input), 'utf8')),
} satisfies Record<string, ComputeTask<BookInput, unknown>>;
