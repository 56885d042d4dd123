/**
 * The author's side (spec 2.10 submission, submission/details; 4; 5 "Submission form"; 8): the
 * page, a new manuscript, an edit or resubmission, a withdrawal, and the author's own files.
 *
 * A new manuscript is counted against the conference's and the person's limits under the
 * settings row's lock, and numbered under its session's lock, in the one transaction that writes
 * it, its authors, its files, its history and its mail: a rush at the last free place lets
 * exactly one through, and a number is never given twice (server/db/capacity.ts).
 */
import { authorPrefill } from './authorPrefill';
import type { Readable } from 'node:stream';
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { reserveCapacity } from '../../db/capacity';
import {
  type AuthorPage,
  type HistoryEntry,
  type SubmissionInput,
  type SubmissionSettings,
  type SubmissionView,
  type SubmitBar,
} from '../../contract/submissions';
import type { Lang } from '../../contract/enums';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Choosing } from './choices';
import type { Slot } from './files';
import { authorColumns, checkedInput, claimableFiles, claimFiles, columnsOf } from './authorForm';
import { presentHistory, presentSettings, presentSubmission, type FileInfo as FileNames } from './present';
import { editRefusal, transition } from './states';
import { submissionMail } from './mails';
import type { MailSites } from '../mail/index';
import * as repo from './repo';
import * as configRepo from './configRepo';
import { keptFilesNamed, type FilesService } from '../files/index';
import type { Contact } from '../registration/index';
import type { SubmissionFee } from './fee';

/** The signed-in author as the rules see them. */
export type Author = { userId: number; email: string; name: string; lang: Lang; today: string };

/** A manuscript's file to send: its bytes as a stream from the store, its length from its row. */
export type ManuscriptFile = { number: string; storedName: string; contentType: string; size: number; body: Readable };

/** What the author's side needs of registration and orders (they are listed before submissions). */
export type AuthorPorts = {
  contactOf(conferenceId: number, userId: number): Promise<Contact | null>;
  feeSettings(conferenceId: number): Promise<{ costsSet: boolean; registerRule: string }>;
  hasPaid(conn: Db | Tx, conferenceId: number, userId: number, type: 'register'): Promise<boolean>;
};

export const FEE_PAGE = '/profile/conference/fee';
const ORDERS_PAGE = '/profile/order/list';
const REGISTER_PAGE = '/conferenceRegister';

export class SubmissionAuthor {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly events: EventBus,
    private readonly ports: AuthorPorts,
    private readonly sites: MailSites,
    private readonly choosing: Choosing,
    private readonly fee?: SubmissionFee,
  ) {}

  /** Why the person may not start a new manuscript (the limits as read now; the submit counts them again under the lock). */
  async barOf(
    conferenceId: number,
    s: SubmissionSettings,
    person: Author,
    moduleOn: boolean,
  ): Promise<{ bar: SubmitBar; link: string }> {
    if (!moduleOn || !s.saved || !s.enabled) return { bar: 'off', link: '' };
    if (person.today < s.startDate) return { bar: 'notOpen', link: '' };
    if (person.today > s.endDate) return { bar: 'closed', link: '' };
    if (!(await this.ports.contactOf(conferenceId, person.userId)))
      return { bar: 'notRegistered', link: REGISTER_PAGE };
    const fees = await this.ports.feeSettings(conferenceId);
    if (
      fees.costsSet &&
      fees.registerRule === 'PAY_FIRST_AND_SUBMIT' &&
      !(await this.ports.hasPaid(this.db, conferenceId, person.userId, 'register'))
    )
      return { bar: 'notPaid', link: ORDERS_PAGE };
    const owed = await this.fee?.owed(this.db, conferenceId, person.userId);
    if (owed?.rule === 'beforeSubmit') return { bar: 'feeUnpaid', link: '' };
    if (s.limitPerPerson && (await repo.countActive(this.db, conferenceId, person.userId)) >= s.maxPerPerson)
      return { bar: 'personLimit', link: '' };
    if (s.maxTotal > 0 && (await repo.countActive(this.db, conferenceId)) >= s.maxTotal)
      return { bar: 'conferenceLimit', link: '' };
    return { bar: '', link: '' };
  }

  async page(conferenceId: number, person: Author, moduleOn: boolean): Promise<AuthorPage> {
    const row = await configRepo.findSettings(this.db, conferenceId);
    const settings = presentSettings(row);
    const [{ bar, link }, choices, mine, contact] = await Promise.all([
      this.barOf(conferenceId, settings, person, moduleOn),
      this.choosing.choices(conferenceId),
      this.mine(conferenceId, person, settings),
      this.ports.contactOf(conferenceId, person.userId),
    ]);
    const { saved: _s, maxTotal: _m, ...shown } = settings;
    return {
      settings: shown,
      choices,
      mine,
      bar,
      barLink: link,
      prefill: authorPrefill(contact, person),
      today: person.today,
    };
  }

  private async mine(conferenceId: number, person: Author, settings: SubmissionSettings): Promise<SubmissionView[]> {
    const rows = await repo.mine(this.db, conferenceId, person.userId);
    return this.views(conferenceId, rows, settings, person.today);
  }

  async views(
    conferenceId: number,
    rows: repo.SubmissionRow[],
    settings: SubmissionSettings,
    today: string | null,
  ): Promise<SubmissionView[]> {
    const ids = rows.map((r) => r.id);
    const [authors, conflicts, files] = await Promise.all([
      repo.authorsOf(this.db, conferenceId, ids),
      repo.conflictsOf(this.db, conferenceId, ids),
      this.fileNames(conferenceId, rows),
    ]);
    const rules =
      today === null
        ? null
        : {
            today,
            endDate: settings.endDate,
            secondDeadline: settings.secondDeadline,
            editAfterAccept: settings.editAfterAccept,
          };
    return rows.map((r) => presentSubmission(r, authors.get(r.id) ?? [], conflicts.get(r.id) ?? [], files, rules));
  }

  async fileNames(conferenceId: number, rows: repo.SubmissionRow[]): Promise<FileNames> {
    const found = await keptFilesNamed(
      this.db,
      conferenceId,
      rows.flatMap((r) => [r.abstract_file, r.full_text_file]),
    );
    return new Map(found.map((f) => [f.storedName, { originalName: f.originalName, size: f.size }]));
  }

  /** The author's manuscript with its history; another person's or another conference's is not found. */
  async own(
    conferenceId: number,
    person: Author,
    id: number,
  ): Promise<{ submission: SubmissionView; history: HistoryEntry[] }> {
    const row = await repo.findSubmission(this.db, conferenceId, id);
    if (!row || row.user_id !== person.userId) throw notFound('submissions:notFound');
    const settings = presentSettings(await configRepo.findSettings(this.db, conferenceId));
    const [submission] = await this.views(conferenceId, [row], settings, person.today);
    return { submission, history: presentHistory(await repo.historyOf(this.db, conferenceId, id), true) };
  }

  // ── a new manuscript ───────────────────────────────────────────────────────────────────

  async submit(
    conferenceId: number,
    person: Author,
    input: SubmissionInput,
    moduleOn: boolean,
  ): Promise<{ id: number; number: string; redirect: string }> {
    const settings = presentSettings(await configRepo.findSettings(this.db, conferenceId));
    const { bar } = await this.barOf(conferenceId, settings, person, moduleOn);
    // The limits are decided under the lock below; the other bars refuse here.
    if (bar && bar !== 'personLimit' && bar !== 'conferenceLimit') throw this.refusal(bar, settings);
    const clean = await checkedInput(this.choosing, conferenceId, settings, input);
    const claims = await claimableFiles(this.db, conferenceId, settings, person.userId, clean, null);
    const site = await this.sites.mailSite(conferenceId);
    const done = await inTransaction(this.db, async (tx) => {
      await reserveCapacity(tx, {
        lock: [configRepo.settingsLock(conferenceId)],
        count: () => repo.countActive(tx, conferenceId),
        limit: settings.maxTotal > 0 ? settings.maxTotal : null,
        refuse: () => new AppError(409, 'submissions:conferenceLimit'),
      });
      if (
        settings.limitPerPerson &&
        (await repo.countActive(tx, conferenceId, person.userId)) >= settings.maxPerPerson
      ) {
        throw new AppError(409, 'submissions:personLimit', { params: { max: String(settings.maxPerPerson) } });
      }
      const session = await configRepo.lockSession(tx, conferenceId, clean.sessionId);
      if (!session) throw new AppError(400, 'submissions:sessionInvalid', { field: 'sessionId' });
      const seq = Number(session.last_seq) + 1;
      await configRepo.updateSession(tx, conferenceId, clean.sessionId, { last_seq: seq });
      const number = `${session.prefix || `S${session.id}`}-${String(seq).padStart(3, '0')}`;
      const id = await repo.insertSubmission(tx, {
        conference_id: conferenceId,
        user_id: person.userId,
        number,
        ...columnsOf(clean),
        status: 'waiting',
        active: true,
        lang: person.lang,
      });
      await repo.replaceAuthors(tx, conferenceId, id, authorColumns(clean));
      await repo.replaceConflicts(tx, conferenceId, id, clean.conflicts);
      await claimFiles(tx, this.files, conferenceId, claims);
      await repo.addHistory(tx, conferenceId, id, {
        from: null,
        to: 'waiting',
        by: 'author',
        actorId: person.userId,
        actor: person.name || person.email,
      });
      await configRepo.bumpBook(tx, conferenceId);
      await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: null, to: 'waiting' });
      if (site) await submissionMail(tx, conferenceId, site, person, { number, title: clean.title });
      // 'afterSubmit': the manuscript and its fee's order are written together; its payment comes next.
      const feeOrder =
        (await this.fee?.settings(tx, conferenceId))?.rule === 'afterSubmit'
          ? await this.fee!.orderIn(tx, conferenceId, person.userId, person.lang)
          : null;
      return { id, number, feeOrder };
    });
    const fees = await this.ports.feeSettings(conferenceId);
    const payLater =
      fees.costsSet &&
      fees.registerRule === 'SUBMIT_FIRST_AND_PAY_LATER' &&
      !(await this.ports.hasPaid(this.db, conferenceId, person.userId, 'register'));
    const { feeOrder, ...made } = done;
    if (feeOrder !== null) return { ...made, redirect: `/profile/order/pay/goto/${feeOrder}` };
    return { ...made, redirect: payLater ? FEE_PAGE : '' };
  }

  private refusal(bar: SubmitBar, s: SubmissionSettings): AppError {
    if (bar === 'notOpen') return new AppError(409, 'submissions:notOpen', { params: { date: s.startDate } });
    if (bar === 'notRegistered') return new AppError(403, 'submissions:notRegistered');
    if (bar === 'notPaid') return new AppError(402, 'submissions:notPaid');
    if (bar === 'feeUnpaid') return new AppError(402, 'submissions:feeUnpaid');
    // A service the conference has not enabled: spec 8's 'The service has not been opened…'
    return new AppError(409, !bar || bar === 'off' ? 'userReg.serviceNotOpened' : `submissions:${bar}`);
  }

  // ── an edit, a resubmission, a withdrawal ──────────────────────────────────────────────

  async update(conferenceId: number, person: Author, id: number, input: SubmissionInput): Promise<SubmissionView> {
    const settings = presentSettings(await configRepo.findSettings(this.db, conferenceId));
    const current = await repo.findSubmission(this.db, conferenceId, id);
    if (!current || current.user_id !== person.userId) throw notFound('submissions:notFound');
    this.assertEditable(current, settings, person);
    const clean = await checkedInput(this.choosing, conferenceId, settings, input);
    if (clean.sessionId !== current.session_id)
      throw new AppError(409, 'submissions:sessionFixed', { field: 'sessionId' });
    const claims = await claimableFiles(this.db, conferenceId, settings, person.userId, clean, current);
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockSubmission(tx, conferenceId, id);
      if (!row) throw notFound('submissions:notFound');
      // Decided again under the lock: a manager may have changed the status meanwhile.
      this.assertEditable(row, settings, person);
      const to = row.status === 'returned' ? transition('resubmit', row.status) : row.status;
      await repo.updateSubmission(tx, conferenceId, id, { ...columnsOf(clean), status: to });
      await repo.replaceAuthors(tx, conferenceId, id, authorColumns(clean));
      await repo.replaceConflicts(tx, conferenceId, id, clean.conflicts);
      await claimFiles(tx, this.files, conferenceId, claims);
      await repo.addHistory(tx, conferenceId, id, {
        from: row.status,
        to,
        by: 'author',
        actorId: person.userId,
        actor: person.name || person.email,
      });
      await configRepo.bumpBook(tx, conferenceId);
      if (to !== row.status)
        await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: row.status, to });
    });
    if (claims.dropped.length)
      await this.files.removeStored(
        conferenceId,
        claims.dropped.map((f) => f.storedName),
      );
    return (await this.own(conferenceId, person, id)).submission;
  }

  private assertEditable(row: repo.SubmissionRow, s: SubmissionSettings, person: Author): void {
    const refusal = editRefusal(row.status, {
      today: person.today,
      endDate: s.endDate,
      secondDeadline: s.secondDeadline,
      editAfterAccept: s.editAfterAccept,
    });
    if (refusal) throw new AppError(409, refusal);
  }

  async withdraw(conferenceId: number, person: Author, id: number): Promise<SubmissionView> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lockSubmission(tx, conferenceId, id);
      if (!row || row.user_id !== person.userId) throw notFound('submissions:notFound');
      const to = transition('withdraw', row.status);
      await repo.updateSubmission(tx, conferenceId, id, { status: to, active: false });
      await repo.addHistory(tx, conferenceId, id, {
        from: row.status,
        to,
        by: 'author',
        actorId: person.userId,
        actor: person.name || person.email,
      });
      await configRepo.bumpBook(tx, conferenceId);
      await this.events.emit(tx, 'submission.changed', { conferenceId, submissionId: id, from: row.status, to });
    });
    return (await this.own(conferenceId, person, id)).submission;
  }

  /** A manuscript's file, for its author (userId) or a manager (null): opened once allowed (read `body` to its end or destroy it). */
  async file(conferenceId: number, userId: number | null, id: number, slot: Slot): Promise<ManuscriptFile> {
    const row = await repo.findSubmission(this.db, conferenceId, id);
    if (!row || (userId !== null && row.user_id !== userId)) throw notFound('submissions:notFound');
    const name = slot === 'abstractFile' ? row.abstract_file : row.full_text_file;
    const found = name ? await this.files.open(conferenceId, name) : null;
    if (!found) throw notFound('submissions:noFiles');
    return {
      number: row.number,
      storedName: name,
      contentType: found.file.contentType,
      size: found.file.size,
      body: found.body,
    };
  }
}
