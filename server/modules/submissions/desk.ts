/**
 * The managers' side (spec 2.12 manage/contribute, submissionManage/index and
 * submissionManage/submission/detail; 4; 9 "Download types"): the filtered list, a manuscript's
 * details with its history, the status changes the state machine allows, and the downloads —
 * the files as zip archives named by manuscript number, the Excel list, and the abstracts as PDF,
 * Word and HTML.
 */
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import type { DownloadType, ManageDetail, ManageFilter, ManagePage, ManageQuery, ManageRow, ManagerAction, SubmissionStatus, SubmissionView } from '../../contract/submissions';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { t } from '../../platform/i18n';
import { localTime } from '../../platform/localTime';
import { addTextRow, XLSX_TYPE } from '../../platform/xlsx';
import { accountsByIds } from '../accounts/repo';
import type { ZipEntry } from '../registration/exports';
import type { SubmissionAuthor } from './author';
import { printedName, SYNC_BOOK_LIMIT, type BookService } from './book';
import type { Choosing } from './choices';
import { downloadName, type Slot } from './files';
import { presentHistory, presentSettings } from './present';
import { managerActions, transition } from './states';
import * as repo from './repo';
import { buildBookOffThread } from './book/thread';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type Manager = { userId: number; name: string; lang: Lang; timeZone: string };

/** A download: one file, or entries the route streams into a zip. */
export type DownloadBody =
  | { kind: 'file'; name: string; contentType: string; body: Buffer }
  | { kind: 'zip'; name: string; entries: ZipEntry[] };

export class SubmissionDesk {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly author: SubmissionAuthor,
    private readonly book: BookService,
    private readonly choosing: Choosing,
  ) {}

  private async rows(conferenceId: number, rows: repo.SubmissionRow[]): Promise<ManageRow[]> {
    const settings = presentSettings(await repo.findSettings(this.db, conferenceId));
    const [views, people] = await Promise.all([this.author.views(conferenceId, rows, settings, null), accountsByIds(this.db, rows.map((r) => Number(r.user_id)))]);
    return views.map((v: SubmissionView, i) => {
      const person = people.get(Number(rows[i].user_id));
      return { ...v, userId: Number(rows[i].user_id), submitter: person?.trueName || person?.email || '', submitterEmail: person?.email ?? '' };
    });
  }

  async list(conferenceId: number, q: ManageQuery): Promise<ManagePage> {
    const { page, size, ...filter } = q;
    const found = await repo.page(this.db, conferenceId, filter, page, size);
    return { rows: await this.rows(conferenceId, found.rows), total: found.total };
  }

  async detail(conferenceId: number, id: number): Promise<ManageDetail> {
    const row = await repo.findSubmission(this.db, conferenceId, id);
    if (!row) throw notFound('submissions:notFound');
    const [[submission], history] = await Promise.all([this.rows(conferenceId, [row]), repo.historyOf(this.db, conferenceId, id)]);
    return { submission, history: presentHistory(history), actions: managerActions(row.status) };
  }

  /** A manager's change of status, decided by the state machine under the manuscript's lock. */
  async act(conferenceId: number, manager: Manager, id: number, action: ManagerAction, note: string): Promise<ManageDetail> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockSubmission(tx, conferenceId, id);
      if (!row) throw notFound('submissions:notFound');
      const to = transition(action, row.status);
      await repo.updateSubmission(tx, conferenceId, id, { status: to, active: to !== 'withdrawn' });
      await repo.addHistory(tx, conferenceId, id, { from: row.status, to, by: 'manager', actorId: manager.userId, actor: manager.name, note });
      await repo.bumpBook(tx, conferenceId);
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
    await repo.addHistory(tx, conferenceId, id, { from: row.status, to, by: actor.by, actorId: actor.userId, actor: actor.name, note: actor.note ?? '' });
    await repo.bumpBook(tx, conferenceId);
    await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: row.status, to });
    return { from: row.status, to };
  }

  // ── downloads ──────────────────────────────────────────────────────────────────────────

  /** The selection (ids of this conference; others are not found) or "(All)" of the filter. */
  private async selected(conferenceId: number, ids: number[] | undefined, filter: ManageFilter): Promise<repo.SubmissionRow[]> {
    const rows = ids ? await repo.byIds(this.db, conferenceId, [...new Set(ids)]) : await repo.all(this.db, conferenceId, filter);
    if (!rows.length) throw new AppError(404, 'submissions:nothingToDownload');
    return rows;
  }

  async download(conferenceId: number, manager: Manager, type: DownloadType, ids: number[] | undefined, filter: ManageFilter): Promise<DownloadBody> {
    const lang = manager.lang;
    // The book "(All)" is the cached whole book, whatever the filter (it prints what the book prints).
    if (type === 'pdf' && !ids && !Object.values(filter).some((v) => v !== undefined && v !== '')) {
      return { kind: 'file', name: 'abstracts.pdf', contentType: 'application/pdf', body: await this.book.whole(conferenceId, lang) };
    }
    const rows = await this.selected(conferenceId, ids, filter);
    if (type === 'abstract' || type === 'manuscript') return this.zip(conferenceId, rows, type === 'abstract' ? 'abstractFile' : 'fullTextFile');
    if (type === 'excel') return { kind: 'file', name: 'submissions.xlsx', contentType: XLSX_TYPE, body: await this.excel(conferenceId, rows, manager) };
    if (type === 'pdf' && rows.length > SYNC_BOOK_LIMIT) throw new AppError(413, 'submissions:selectionTooLarge', undefined, 413, { max: String(SYNC_BOOK_LIMIT) });
    const { input } = await this.book.input(conferenceId, lang, rows);
    // The generators load when first asked for: most instances never write a book or a Word file.
    if (type === 'pdf') return { kind: 'file', name: 'abstracts.pdf', contentType: 'application/pdf', body: (await buildBookOffThread(input)).pdf };
    if (type === 'word') return { kind: 'file', name: 'abstracts.docx', contentType: DOCX_TYPE, body: await (await import('./exports/docx')).abstractsDocx(input) };
    return { kind: 'file', name: 'abstracts.html', contentType: 'text/html; charset=utf-8', body: Buffer.from((await import('./exports/html')).abstractsHtml(input), 'utf8') };
  }

  private zip(conferenceId: number, rows: repo.SubmissionRow[], slot: Slot): DownloadBody {
    const entries = rows
      .map((r) => ({ number: r.number, stored: slot === 'abstractFile' ? r.abstract_file : r.full_text_file }))
      .filter((e) => e.stored)
      .map((e) => ({ path: downloadName(e.number, slot, e.stored), storedName: e.stored }));
    if (!entries.length) throw new AppError(404, 'submissions:noFiles');
    return { kind: 'zip', name: slot === 'abstractFile' ? 'abstracts.zip' : 'manuscripts.zip', entries };
  }

  private async excel(conferenceId: number, rows: repo.SubmissionRow[], manager: Manager): Promise<Buffer> {
    const lang = manager.lang;
    const [list, choices] = await Promise.all([this.rows(conferenceId, rows), this.choosing.choices(conferenceId)]);
    const pick = (o: { titleZh: string; titleEn: string } | undefined) => (o ? (lang === 'zh' ? o.titleZh || o.titleEn : o.titleEn || o.titleZh) : '');
    const sessions = new Map(choices.sessions.flatMap((s) => [s, ...s.children]).map((s) => [s.id, s]));
    const terms = new Map([...choices.reportTypes, ...choices.categories].map((x) => [`${x.kind}:${x.id}`, x]));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(t(lang, 'submissions:manageTitle').slice(0, 31));
    const head = ['number', 'title', 'session', 'subSession', 'reportType', 'category', 'status', 'authors', 'affiliations', 'corresponding', 'submitter', 'submitterEmail', 'submittedAt', 'updatedAt', 'keywords', 'abstract', 'abstractFile', 'fullTextFile'];
    addTextRow(sheet, head.map((h) => t(lang, `submissions:excel.${h}`))).font = { bold: true };
    const zone = `${manager.timeZone}`;
    for (const r of list) {
      const corresponding = r.authors.filter((a) => a.corresponding);
      addTextRow(sheet, [
        r.number, r.title, pick(sessions.get(r.sessionId)), pick(r.subSessionId ? sessions.get(r.subSessionId) : undefined),
        pick(r.reportTypeId ? terms.get(`reportType:${r.reportTypeId}`) : undefined), pick(r.categoryId ? terms.get(`category:${r.categoryId}`) : undefined),
        t(lang, `submissions:status.${r.status}`), r.authors.map((a) => printedName(a)).join('; '), [...new Set(r.authors.map((a) => a.company).filter(Boolean))].join('; '),
        corresponding.map((a) => a.email).filter(Boolean).join('; '), r.submitter, r.submitterEmail,
        localTime(new Date(r.submittedAt), zone), localTime(new Date(r.updatedAt), zone), r.keywords, r.abstract,
        r.abstractFile?.originalName ?? '', r.fullTextFile?.originalName ?? '',
      ]);
    }
    sheet.columns.forEach((c, i) => (c.width = [10, 40, 20, 20, 14, 14, 12, 30, 30, 24, 16, 24, 18, 18, 24, 60, 20, 20][i] ?? 16));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
