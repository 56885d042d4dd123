/**
 * The submissions' heavy work (issue 30), declared through the front door: the exports of many
 * manuscripts ('submissions.export': Word, HTML, PDF of a selection, the Excel list) and the whole
 * book of abstracts ('submissions.book'). Both read their data here and hand the CPU part to the
 * platform's pool (./tasks.ts). A download of a few manuscripts is built in the pool too, but
 * within the request, so it answers the file as before; more than SMALL_SELECTION answer 202 with
 * the work, which the manager's screen follows and then downloads.
 *
 * Kept results: the book by `book_version` (raised by every change the book prints), the exports
 * by the manuscripts' count and latest change plus `book_version` (./desk.ts `exportStamp`). The
 * zips of files are not work: see ./zip.ts.
 */
import { z } from 'zod';
import { LANGS, type Lang } from '../../contract/enums';
import { downloadInput } from '../../contract/submissions';
import type { Deps } from '../../platform/feature';
import type { Progress, WorkAsker, WorkKind } from '../../platform/work/types';
import type { BookService, Compute } from './book';
import type { ExportRequest, SubmissionDesk } from './desk';

/**
 * Up to this many manuscripts a download is built within the request. Measured in the pool's task
 * on this 2-core machine while it ran other tests (load 19): twenty abstracts of the longest
 * allowed length (20,000 characters) took 1.8 s as a PDF book and 0.2 s as Word; one manuscript's
 * PDF through the download route 52–143 ms warm (load 8; the first of a thread ~0.9 s, its fonts
 * loading) — an answer the manager waits for. Past it the time grows with the selection (301 long
 * abstracts as Word took 26–43 s on the request's thread), so the download becomes work with a
 * progress bar.
 */
export const SMALL_SELECTION = 20;

export const EXPORT_TYPES = ['word', 'html', 'pdf', 'excel'] as const;

const exportParams = z.object({
  type: z.enum(EXPORT_TYPES, { message: 'submissions:downloadTypeInvalid' }),
  ids: downloadInput.shape.ids,
  filter: downloadInput.shape.filter,
  lang: z.enum(LANGS),
});
export type ExportParams = z.output<typeof exportParams>;

const bookParams = z.object({ lang: z.enum(LANGS) });
export type BookParams = z.output<typeof bookParams>;

/**
 * The same selection asked twice is the same work (the runner compares the parameters): the ids
 * sorted without repeats, the filter without its empty fields.
 */
export function exportParamsOf(request: ExportRequest, lang: Lang): ExportParams {
  const filter = Object.fromEntries(
    Object.entries(request.filter).filter(([, v]) => v !== undefined && v !== ''),
  ) as ExportRequest['filter'];
  const ids = request.ids ? [...new Set(request.ids)].sort((a, b) => a - b) : undefined;
  return { type: request.type, ...(ids ? { ids } : {}), filter, lang };
}

/** The pool within a request, counted against the conference's share. */
export function computeNow(deps: Pick<Deps, 'work'>, conferenceId: number): Compute {
  return <O>(task: string, input: unknown, progress?: Progress) =>
    deps.work.compute<O>(conferenceId, task, input, progress);
}

/** The kinds, made once with the services: a route asks for the same object the front door declared. */
export type SubmissionWork = { export: WorkKind<ExportParams>; book: WorkKind<BookParams> };

export function submissionWork(desk: SubmissionDesk, book: BookService): SubmissionWork {
  return {
    export: {
      name: 'submissions.export',
      params: exportParams,
      // the Excel list's times are in the conference's zone
      version: async (asker: WorkAsker) => `${await desk.exportStamp(asker.conferenceId)}~${asker.timeZone}`,
      run: async (ctx, params) => {
        ctx.progress(0, 0, 'work:stage.reading');
        const file = await desk.exportFile(
          ctx.conferenceId,
          { lang: params.lang, timeZone: ctx.timeZone },
          params,
          ctx.compute.bind(ctx),
          ctx.progress,
        );
        return { file };
      },
    },
    book: {
      name: 'submissions.book',
      params: bookParams,
      version: async (asker: WorkAsker) => String(await book.version(asker.conferenceId)),
      run: async (ctx, { lang }) => {
        ctx.progress(0, 0, 'work:stage.reading');
        const built = await book.build(ctx.conferenceId, lang, ctx.compute.bind(ctx), ctx.progress);
        return { file: { name: 'abstracts.pdf', contentType: 'application/pdf', bytes: built.pdf } };
      },
    },
  };
}
