/**
 * The managers' side (spec 2.12 manage/contribute, submissionManage/index and
 * submissionManage/submission/detail; 4; 9 "Download types"): the filtered list, a manuscript's
 * details with its history, the status changes the state machine allows, and the downloads —
 * the files as zip archives named by manuscript number, the Excel list, and the abstracts as PDF,
 * Word and HTML.
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import type {
  DownloadType,
  ManageDetail,
  ManageFilter,
  ManagePage,
  ManageQuery,
  ManageRow,
  ManagerAction,
  SubmissionStatus,
  SubmissionView,
} from '../../contract/submissions';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { t } from '../../platform/i18n';
import type { Progress, WorkFile } from '../../platform/work/types';
import { XLSX_TYPE, type TableCell } from '../../platform/xlsx';
import { instantCell } from '../../platform/tableCells';
import { accountsByIds } from '../accounts/index';
import type { ZipEntry } from '../../platform/zip';
import type { SubmissionAuthor } from './author';
import { bufferOf, printedName, type BookService, type Compute } from './book';
import type { Choosing } from './choices';
import { downloadName, type Slot } from './files';
import { presentHistory, presentSettings } from './present';
import { managerActions, transition } from './states';
import * as repo from './repo';
import * as configRepo from './configRepo';
import type { BookTaskOutput } from './tasks';
import { zhOrEn } from '../../contract/bilingual';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type Manager = { userId: number; name: string; lang: Lang; timeZone: string };

/**
 * Up to this many abstracts a PDF of a selection is built at all (the whole book "(All)" has no
 * such limit): typesetting takes a few hundred megabytes per 500 abstracts in the pool's worker.
 */
export const PDF_SELECTION_LIMIT = 1000;

/** A download as the route handles it: the whole book, files streamed into a zip, or an export built in the pool. */
export type DownloadPlan = { kind: 'book' | 'zip' | 'export'; count: number };

/** An export's parameters (also the 'submissions.export' work's, with the language). */
export type ExportRequest = { type: 'word' | 'html' | 'pdf' | 'excel'; ids?: number[]; filter: ManageFilter };

/** The platform's 'platform.table' task's input: sheets of texts (quote-prefixed when they look like formulas) and date cells. */
export type TableInput = { sheets: Array<{ name: string; head: string[]; rows: TableCell[][]; widths?: number[] }> };

/**
 * "(All)" of a book format (PDF, Word, HTML) with no selection and no filter: the book, which prints
 * the statuses the manager chose for it (default: accepted), whatever the format. A filter or a
 * selection prints what it names.
 */
function wholeBook(type: DownloadType, ids: number[] | undefined, filter: ManageFilter): boolean {
  return (
    (type === 'pdf' || type === 'word' || type === 'html') &&
    !ids &&
    !Object.values(filter).some((v) => v !== undefined && v !== '')
  );
}

export class SubmissionDesk {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly author: SubmissionAuthor,
    private readonly book: BookService,
    private readonly choosing: Choosing,
  ) {}

  private async rows(conferenceId: number, rows: repo.SubmissionRow[]): Promise<ManageRow[]> {
    const settings = presentSettings(await configRepo.findSettings(this.db, conferenceId));
    const [views, people] = await Promise.all([
      this.author.views(conferenceId, rows, settings, null),
      accountsByIds(
        this.db,
        rows.map((r) => r.user_id),
      ),
    ]);
    return views.map((v: SubmissionView, i) => {
      const person = people.get(rows[i].user_id);
      return {
        ...v,
        userId: rows[i].user_id,
        submitter: person?.trueName || person?.email || '',
        submitterEmail: person?.email ?? '',
      };
    });
  }

  async list(conferenceId: number, q: ManageQuery & { offsetMinutes?: number }): Promise<ManagePage> {
    const { page, size, ...filter } = q;
    const found = await repo.page(this.db, conferenceId, filter, page, size);
    return { rows: await this.rows(conferenceId, found.rows), total: found.total };
  }

  async detail(conferenceId: number, id: number): Promise<ManageDetail> {
    const row = await repo.findSubmission(this.db, conferenceId, id);
    if (!row) throw notFound('submissions:notFound');
    const [[submission], history] = await Promise.all([
      this.rows(conferenceId, [row]),
      repo.historyOf(this.db, conferenceId, id),
    ]);
    return { submission, history: presentHistory(history), actions: managerActions(row.status) };
  }

  /** A manager's change of status, decided by the state machine under the manuscript's lock. */
  async act(
    conferenceId: number,
    manager: Manager,
    id: number,
    action: ManagerAction,
    note: string,
  ): Promise<ManageDetail> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockSubmission(tx, conferenceId, id);
      if (!row) throw notFound('submissions:notFound');
      const to = transition(action, row.status);
      await repo.updateSubmission(tx, conferenceId, id, { status: to, active: to !== 'withdrawn' });
      await repo.addHistory(tx, conferenceId, id, {
        from: row.status,
        to,
        by: 'manager',
        actorId: manager.userId,
        actor: manager.name,
        note,
      });
      await configRepo.bumpBook(tx, conferenceId);
      await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: row.status, to });
    });
    return this.detail(conferenceId, id);
  }

  /**
   * Peer review's port to the state machine (issue 16): a move made by review inside review's own
   * transaction — 'assign' when a manuscript gets its first reviewer, 'unassign' when it loses its
   * last one before any review started, a decision when the final opinion is given. Answers the
   * status before and after, or refuses as `transition` does; the manuscript's row is locked first.
   */
  async moveInReview(
    tx: Tx,
    conferenceId: number,
    id: number,
    action: 'assign' | 'unassign' | 'accept' | 'reject' | 'return',
    actor: { by: 'manager' | 'chair' | 'system'; userId: number | null; name: string; note?: string },
  ): Promise<{ from: SubmissionStatus; to: SubmissionStatus }> {
    const row = await repo.lockSubmission(tx, conferenceId, id);
    if (!row) throw notFound('submissions:notFound');
    const to = transition(action, row.status);
    await repo.updateSubmission(tx, conferenceId, id, { status: to, active: true });
    await repo.addHistory(tx, conferenceId, id, {
      from: row.status,
      to,
      by: actor.by,
      actorId: actor.userId,
      actor: actor.name,
      note: actor.note ?? '',
    });
    await configRepo.bumpBook(tx, conferenceId);
    await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: row.status, to });
    return { from: row.status, to };
  }

  // ── downloads ──────────────────────────────────────────────────────────────────────────

  /**
   * What a download is, decided from counts alone (a selection of 10,000 ids is not read here):
   * the whole book, the files of the selection streamed into a zip, or an export of `count`
   * manuscripts built in the pool.
   */
  async plan(
    conferenceId: number,
    type: DownloadType,
    ids: number[] | undefined,
    filter: ManageFilter,
  ): Promise<DownloadPlan> {
    // The book "(All)" is the kept whole book; its Word and HTML forms print the same manuscripts.
    if (type === 'pdf' && wholeBook(type, ids, filter))
      return { kind: 'book', count: await this.book.printedCount(conferenceId) };
    const count = wholeBook(type, ids, filter)
      ? await this.book.printedCount(conferenceId)
      : await repo.countSelected(this.db, conferenceId, ids, filter);
    if (!count) throw new AppError(404, 'submissions:nothingToDownload');
    if (type === 'abstract' || type === 'manuscript') return { kind: 'zip', count };
    if (type === 'pdf' && count > PDF_SELECTION_LIMIT)
      throw new AppError(413, 'submissions:selectionTooLarge', { params: { max: String(PDF_SELECTION_LIMIT) } });
    return { kind: 'export', count };
  }

  /** The selection (ids of this conference; others are not found) or "(All)" of the filter. */
  private async selected(
    conferenceId: number,
    ids: number[] | undefined,
    filter: ManageFilter,
  ): Promise<repo.SubmissionRow[]> {
    const rows = ids
      ? await repo.byIds(this.db, conferenceId, [...new Set(ids)])
      : await repo.all(this.db, conferenceId, filter);
    if (!rows.length) throw new AppError(404, 'submissions:nothingToDownload');
    return rows;
  }

  /**
   * A fingerprint of everything an export of this conference shows: the manuscripts (count and
   * latest change) and the book's version, which every change to what the book prints raises
   * (sessions, terms, the layout, authors). An export kept with another stamp is built again.
   */
  async exportStamp(conferenceId: number): Promise<string> {
    const [stamp, version] = await Promise.all([
      repo.submissionsStamp(this.db, conferenceId),
      this.book.version(conferenceId),
    ]);
    return `${stamp}#${version}`;
  }

  /** The Word, HTML, PDF or Excel file of a selection: read here, built by `compute` in the pool. */
  async exportFile(
    conferenceId: number,
    who: { lang: Lang; timeZone: string },
    request: ExportRequest,
    compute: Compute,
    progress?: Progress,
  ): Promise<WorkFile> {
    const rows = wholeBook(request.type, request.ids, request.filter)
      ? await this.book.printed(conferenceId)
      : await this.selected(conferenceId, request.ids, request.filter);
    if (!rows.length) throw new AppError(404, 'submissions:nothingToDownload');
    if (request.type === 'excel') {
      const table = await this.table(conferenceId, rows, who);
      return {
        name: 'submissions.xlsx',
        contentType: XLSX_TYPE,
        bytes: bufferOf(await compute<Uint8Array>('platform.table', table)),
      };
    }
    const { input } = await this.book.input(conferenceId, who.lang, rows);
    if (request.type === 'pdf')
      return {
        name: 'abstracts.pdf',
        contentType: 'application/pdf',
        bytes: bufferOf((await compute<BookTaskOutput>('submissions.book', input, progress)).pdf),
      };
    if (request.type === 'word')
      return {
        name: 'abstracts.docx',
        contentType: DOCX_TYPE,
        bytes: bufferOf(await compute<Uint8Array>('submissions.docx', input, progress)),
      };
    return {
      name: 'abstracts.html',
      contentType: 'text/html; charset=utf-8',
      bytes: bufferOf(await compute<Uint8Array>('submissions.html', input, progress)),
    };
  }

  /** The files of the selection, named by manuscript number, for the route to stream into a zip. */
  async zipEntries(
    conferenceId: number,
    type: 'abstract' | 'manuscript',
    ids: number[] | undefined,
    filter: ManageFilter,
  ): Promise<{ name: string; entries: ZipEntry[] }> {
    const slot: Slot = type === 'abstract' ? 'abstractFile' : 'fullTextFile';
    const rows = await repo.storedFiles(
      this.db,
      conferenceId,
      ids ? [...new Set(ids)] : undefined,
      filter,
      slot === 'abstractFile' ? 'abstract_file' : 'full_text_file',
    );
    const entries = rows.map((r) => ({ path: downloadName(r.number, slot, r.stored), storedName: r.stored }));
    if (!entries.length) throw new AppError(404, 'submissions:noFiles');
    return { name: slot === 'abstractFile' ? 'abstracts.zip' : 'manuscripts.zip', entries };
  }

  /** The Excel list as text (the pool's 'platform.table' writes the workbook). */
  private async table(
    conferenceId: number,
    rows: repo.SubmissionRow[],
    who: { lang: Lang; timeZone: string },
  ): Promise<TableInput> {
    const lang = who.lang;
    const [list, choices] = await Promise.all([this.rows(conferenceId, rows), this.choosing.choices(conferenceId)]);
    const pick = (o: { titleZh: string; titleEn: string } | undefined) => (o ? zhOrEn(o.titleZh, o.titleEn, lang) : '');
    const sessions = new Map(choices.sessions.flatMap((s) => [s, ...s.children]).map((s) => [s.id, s]));
    const terms = new Map([...choices.reportTypes, ...choices.categories].map((x) => [`${x.kind}:${x.id}`, x]));
    const head = [
      'number',
      'title',
      'session',
      'subSession',
      'reportType',
      'category',
      'status',
      'authors',
      'affiliations',
      'corresponding',
      'submitter',
      'submitterEmail',
      'submittedAt',
      'updatedAt',
      'keywords',
      'abstract',
      'abstractFile',
      'fullTextFile',
    ];
    const body = list.map((r): TableCell[] => {
      const corresponding = r.authors.filter((a) => a.corresponding);
      return [
        r.number,
        r.title,
        pick(sessions.get(r.sessionId)),
        pick(r.subSessionId ? sessions.get(r.subSessionId) : undefined),
        pick(r.reportTypeId ? terms.get(`reportType:${r.reportTypeId}`) : undefined),
        pick(r.categoryId ? terms.get(`category:${r.categoryId}`) : undefined),
        t(lang, `submissions:status.${r.status}`),
        r.authors.map((a) => printedName(a)).join('; '),
        [...new Set(r.authors.map((a) => a.company).filter(Boolean))].join('; '),
        corresponding
          .map((a) => a.email)
          .filter(Boolean)
          .join('; '),
        r.submitter,
        r.submitterEmail,
        // date-and-time cells in the conference's zone (issue 32): sortable in the sheet
        instantCell(r.submittedAt, who.timeZone),
        instantCell(r.updatedAt, who.timeZone),
        r.keywords,
        r.abstract,
        r.abstractFile?.originalName ?? '',
        r.fullTextFile?.originalName ?? '',
      ];
    });
    return {
      sheets: [
        {
          name: t(lang, 'submissions:manageTitle').slice(0, 31),
          head: head.map((h) => t(lang, `submissions:excel.${h}`)),
          rows: body,
          widths: [10, 40, 20, 20, 14, 14, 12, 30, 30, 24, 16, 24, 18, 18, 24, 60, 20, 20],
        },
      ],
    };
  }
}
