/**
 * Reviewer management (spec 2.12 manage/reviewer; 3 "Reviewer"; 4 "Reviewer"; 5 "Review config";
 * 7 "Reviewer management"): add by e-mail, import a sheet, delete, a role per top-level session,
 * the invitation again and a free message to the selected. Everyone added is invited to activate
 * (reviewers/activation.ts), with a platform account or not: the manager cannot tell which, and nobody becomes
 * a reviewer without accepting. The import (a work with progress) is import() below, its
 * sheet reviewers/import.ts; the info screen and the conflicts check are reviewers/info.ts.
 *
 * Mail a manager causes goes through the mail gate (mail/gate.ts) and, per manager, through a
 * limit of recipients an hour, so that the reviewer list cannot be used to send spam.
 */
import type { Db, Tx } from '../../../db/index';
import { inTransaction } from '../../../db/transaction';
import { isUniqueViolation } from '../../../db/dialect';
import { AppError, notFound, tooManyRequests } from '../../../platform/errors';
import type { ServiceDeps } from '../../../platform/feature';
import { withAdmission, type AdmitPolicy, type MailSite } from '../../mail/index';
import { revokeRole, languageOfAddress } from '../../accounts/index';
import { submissionReader as submissions } from '../../submissions/index';
import type { Lang } from '../../../contract/enums';
import {
  importParams,
  type AddInput,
  type AddResult,
  type ImportParams,
  type ImportSummary,
  type Load,
  type MailInput,
  type MailResult,
  type MyReviewer,
  type ReviewerList,
  type RoleInput,
  type RoleView,
} from '../../../contract/reviewers';
import * as repo from './repo';
import { reviewerOfUser } from './people';
import { emptyLoad, presentReviewer, presentRole, sessionChoices } from './views';
import { invitationLang, inviteMail, messageBodies, newActivationKey } from './mails';
import { checkImport, type ImportRow, type SheetRead } from './import';
import type { WorkContext, WorkKind } from '../../../platform/work/types';
import { ActivationService } from './activation';
import { ReviewerInfoService } from './info';

/** Who acts: the manager's account and language (the screens' language; the reviewer's mail is in the reviewer's). */
export type Manager = { userId: number; name: string; lang: Lang };

/** Recipients a manager may cause per hour through reviewers (adds, imports, mail). */
export const REVIEWER_MAIL_LIMIT = { limit: 2000, windowMs: 3600_000 } as const;

/** Unknown people of an unpublished conference get no mail (the record is kept: resend once published); an exhausted budget refuses. */
const INVITE_POLICY: AdmitPolicy = { unknown: 'withhold', budget: 'refuse' };

/** Reviewers saved per transaction by an import, each with their invitation: on SQLite, whose driver runs on the event loop, a batch of 20 took 7-57 ms on a busy 2-core machine, under the platform's 100 ms. */
export const REVIEWER_BATCH = 20;
/** What an import needs of its work's context (the work runner's WorkContext). */
type ImportContext = Pick<WorkContext, 'conferenceId' | 'userId' | 'lang' | 'progress' | 'compute' | 'signal'>;

const exists = () => new AppError(409, 'reviewers:exists', { field: 'email' });

export class ReviewerService {
  readonly activation: ActivationService;
  readonly info: ReviewerInfoService;
  /** The import as work (import() below): the front door declares it, the route starts it. */
  readonly importWork: WorkKind<ImportParams> = {
    name: 'review.reviewerImport',
    params: importParams,
    run: async (ctx, params) => ({ summary: await this.import(ctx, params) }),
  };

  constructor(private readonly deps: ServiceDeps) {
    this.activation = new ActivationService(deps);
    this.info = new ReviewerInfoService(deps);
  }

  private get db(): Db {
    return this.deps.db;
  }

  async list(conferenceId: number): Promise<ReviewerList> {
    const [rows, roles, reviews, sessions] = await Promise.all([
      repo.list(this.db, conferenceId),
      repo.rolesOf(this.db, conferenceId),
      repo.reviewsOf(this.db, conferenceId),
      sessionChoices(this.db, conferenceId),
    ]);
    const loads = new Map<number, Load>();
    for (const r of reviews) {
      const load = loads.get(r.reviewer_id) ?? emptyLoad();
      if (r.state === 'assigned' || r.state === 'draft' || r.state === 'submitted') load[r.state]++;
      loads.set(r.reviewer_id, load);
    }
    return { rows: rows.map((r) => presentReviewer(r, roles, loads.get(r.id))), sessions };
  }

  /** Counts `n` recipients against the manager's hourly allowance, refusing (and giving back) before anything is written. */
  private async spend(userId: number, n: number): Promise<void> {
    const key = `reviewers:mail:${userId}`;
    for (let taken = 0; taken < n; taken++) {
      if ((await this.deps.limiter.hit(key, REVIEWER_MAIL_LIMIT.limit, REVIEWER_MAIL_LIMIT.windowMs)).allowed) continue;
      for (let i = 0; i <= taken; i++) await this.deps.limiter.release(key);
      throw tooManyRequests();
    }
  }

  /** The site's languageType: a person not known yet is written to in the site's language(s). */
  private async languageType(conferenceId: number): Promise<string | undefined> {
    return (await this.deps.sites.snapshot(conferenceId))?.config.languageType;
  }

  private async site(conferenceId: number): Promise<MailSite> {
    const site = await this.deps.mailSites.mailSite(conferenceId);
    if (!site) throw notFound();
    return site;
  }

  async add(conferenceId: number, manager: Manager, input: AddInput): Promise<AddResult> {
    if (await repo.findByEmail(this.db, conferenceId, input.email)) throw exists();
    const site = await this.site(conferenceId);
    const siteType = await this.languageType(conferenceId);
    await this.spend(manager.userId, 1);
    const admission = await this.deps.mailGate.admit(conferenceId, [input.email], INVITE_POLICY);
    const mailed = admission.to.length > 0;
    const id = await withAdmission(admission, () =>
      inTransaction(this.db, async (tx) => {
        if (await repo.findByEmail(tx, conferenceId, input.email)) throw exists();
        return this.invite(tx, conferenceId, site, siteType, input, mailed);
      }),
    );
    const row = (await repo.find(this.db, conferenceId, id))!;
    return { reviewer: presentReviewer(row, []), mailWithheld: !mailed };
  }

  /**
   * Saves one new reviewer and writes their invitation (when `mail`). The unique index on
   * (conference, e-mail) keeps a second add of the same address out, however they race.
   */
  private async invite(
    tx: Tx,
    conferenceId: number,
    site: MailSite,
    languageType: string | undefined,
    input: AddInput | ImportRow,
    mail: boolean,
  ): Promise<number> {
    // The record, the answer and the mail are the same whether the address has a platform account
    // or not, and the role comes only when the owner activates (reviewers/activation.ts links an existing
    // account without asking for a password). Only the mail's language is the account's, when it chose one.
    const mailLang = invitationLang(await languageOfAddress(tx, input.email), languageType);
    // The language of their later mail until they activate, when the activation page's language replaces it.
    const lang: Lang = mailLang === 'both' ? 'zh' : mailLang;
    const key = newActivationKey();
    let id: number;
    try {
      id = await repo.insert(tx, conferenceId, {
        email: input.email,
        user_id: null,
        active: false,
        key_hash: key.hash,
        key_expires_at: key.expiresAt,
        full_name: input.fullName,
        unit: input.unit,
        phone: input.phone,
        country: input.country,
        direction: input.direction,
        lang,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
    if (mail)
      await inviteMail(tx, conferenceId, site, { email: input.email, name: input.fullName, lang: mailLang }, key.key);
    return id;
  }

  /**
   * The work 'review.reviewerImport' (an .xlsx of reviewers, reviewers/import.ts). All or nothing as
   * to its checks: the sheet is read and every row checked first (in the pool, then against the
   * conference's reviewers); one bad row and nothing is saved, and the summary lists every bad row.
   * Then the rows are saved REVIEWER_BATCH per short transaction (each reviewer with their
   * invitation), yielding between batches. A failure midway (the database, someone adding one of the
   * addresses meanwhile, a restart) keeps the batches saved before it — those reviewers are added
   * and invited, as if added one by one — and the work fails with its message; running the same
   * sheet again resumes: the rows saved by the first run are counted as already imported
   * (`alreadyImported`), not refused, and the rest are added.
   */
  async import(ctx: ImportContext, params: ImportParams): Promise<ImportSummary> {
    const { conferenceId } = ctx;
    ctx.progress(0, 0, 'work:stage.reading');
    const read = await ctx.compute<SheetRead>('review.readReviewerSheet', {
      bytes: Buffer.from(params.sheet, 'base64'),
    });
    if ('error' in read) throw new AppError(400, read.error, { field: 'file', params: read.params });
    if (!read.rows.length && !read.errors.length) throw new AppError(400, 'reviewers:importEmpty', { field: 'file' });
    ctx.progress(0, 0, 'work:stage.checking');
    const checked = checkImport(
      read,
      await repo.existingReviewers(
        this.db,
        conferenceId,
        read.rows.map((r) => r.email),
      ),
    );
    if ('rows' in checked) return checked;
    const { toAdd, already } = checked;
    if (!toAdd.length) return { added: 0, mailWithheld: 0, alreadyImported: already };
    const site = await this.site(conferenceId);
    const siteType = await this.languageType(conferenceId);
    await this.spend(ctx.userId, toAdd.length);
    const admission = await this.deps.mailGate.admit(
      conferenceId,
      toAdd.map((r) => r.email),
      INVITE_POLICY,
    );
    const mailed = new Set(admission.to);
    let saved = 0;
    ctx.progress(0, toAdd.length, 'work:stage.saving');
    try {
      for (let start = 0; start < toAdd.length; start += REVIEWER_BATCH) {
        ctx.signal.throwIfAborted();
        const batch = toAdd.slice(start, start + REVIEWER_BATCH);
        await inTransaction(this.db, async (tx) => {
          for (const row of batch) await this.invite(tx, conferenceId, site, siteType, row, mailed.has(row.email));
        });
        saved += batch.length;
        ctx.progress(saved, toAdd.length, 'work:stage.saving');
        await new Promise(setImmediate);
      }
    } catch (err) {
      // Nothing saved: the mail budget goes back. Batches saved: their invitations are on their way; the rest stays reserved (over-counted, never under).
      if (!saved) await admission.release().catch(() => undefined);
      throw err;
    }
    return { added: toAdd.length, mailWithheld: toAdd.length - mailed.size, alreadyImported: already };
  }

  /** Refused while they have a review begun or done; their unstarted assignments go with them. */
  async remove(conferenceId: number, manager: Manager, id: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const row = await repo.lock(tx, conferenceId, id);
      if (!row) throw notFound('reviewers:notFound');
      if (await repo.countStarted(tx, conferenceId, id)) throw new AppError(409, 'reviewers:hasReviews');
      const assigned = await repo.assignedSubmissions(tx, conferenceId, id);
      await repo.remove(tx, conferenceId, id);
      for (const submissionId of assigned) {
        // A manuscript that lost its last reviewer before any review began waits for allocation again.
        const paper = await submissions.findSubmission(tx, conferenceId, submissionId);
        if (paper?.status === 'assigned' && !(await repo.reviewsLeft(tx, conferenceId, submissionId))) {
          await this.deps.submissionDesk.moveInReview(tx, conferenceId, submissionId, 'unassign', {
            by: 'manager',
            userId: manager.userId,
            name: manager.name,
          });
        }
      }
      if (row.user_id !== null && !(await repo.otherRecordsOfUser(tx, conferenceId, row.user_id, id)))
        await revokeRole(tx, conferenceId, row.user_id, 'reviewer');
    });
  }

  /** The signed-in person's own reviewer record here (GET …/review/active), or null. */
  async mine(conferenceId: number, userId: number): Promise<MyReviewer> {
    const me = await reviewerOfUser(this.db, conferenceId, userId);
    if (!me) return { reviewer: null };
    return {
      reviewer: {
        id: me.id,
        active: me.active,
        roles: (await repo.rolesOf(this.db, conferenceId, [me.id])).map(presentRole),
      },
    };
  }

  async roles(conferenceId: number, reviewerId: number): Promise<RoleView[]> {
    if (!(await repo.find(this.db, conferenceId, reviewerId))) throw notFound('reviewers:notFound');
    return (await repo.rolesOf(this.db, conferenceId, [reviewerId])).map(presentRole);
  }

  /** Reviewer or chair of one top-level session of this conference; one role per session (replaced). */
  async setRole(conferenceId: number, input: RoleInput): Promise<RoleView[]> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.lock(tx, conferenceId, input.reviewerId))) throw notFound('reviewers:notFound');
      const session = await submissions.findSession(tx, conferenceId, input.sessionId);
      if (!session || session.parent_id !== null)
        throw new AppError(404, 'reviewers:sessionNotFound', { field: 'sessionId' });
      await repo.upsertRole(tx, conferenceId, input.reviewerId, input.sessionId, input.role);
    });
    return this.roles(conferenceId, input.reviewerId);
  }

  async removeRole(conferenceId: number, roleId: number): Promise<RoleView[]> {
    const role = await repo.findRole(this.db, conferenceId, roleId);
    if (!role) throw notFound('reviewers:roleNotFound');
    await inTransaction(this.db, (tx) => repo.removeRole(tx, conferenceId, roleId));
    return this.roles(conferenceId, role.reviewer_id);
  }

  /** The invitation again with a fresh link (the old one stops working), or a free message, to the selected. */
  async mail(conferenceId: number, manager: Manager, input: MailInput): Promise<MailResult> {
    const ids = [...new Set(input.ids)];
    const rows = await repo.byIds(this.db, conferenceId, ids);
    if (rows.length !== ids.length) throw notFound('reviewers:notFound');
    if (input.kind === 'message') {
      await this.spend(manager.userId, rows.length);
      const { text, html } = messageBodies(input.content);
      await this.deps.mail.sendBulk(
        conferenceId,
        rows.map((r) => r.email),
        input.subject.replace(/[\r\n]+/g, ' '),
        text,
        html,
      );
      return { sent: rows.length, skipped: 0, withheld: 0 };
    }
    const pending = rows.filter((r) => !r.active);
    if (!pending.length) throw new AppError(409, 'reviewers:allActive');
    const site = await this.site(conferenceId);
    const siteType = await this.languageType(conferenceId);
    await this.spend(manager.userId, pending.length);
    const admission = await this.deps.mailGate.admit(
      conferenceId,
      pending.map((r) => r.email),
      INVITE_POLICY,
    );
    const mailed = new Set(admission.to);
    await withAdmission(admission, () =>
      inTransaction(this.db, async (tx) => {
        for (const r of pending) {
          if (!mailed.has(r.email)) continue;
          const current = await repo.lock(tx, conferenceId, r.id);
          if (!current || current.active) continue;
          const key = newActivationKey();
          await repo.update(tx, conferenceId, r.id, { key_hash: key.hash, key_expires_at: key.expiresAt });
          await inviteMail(
            tx,
            conferenceId,
            site,
            { email: r.email, name: r.full_name, lang: invitationLang(await languageOfAddress(tx, r.email), siteType) },
            key.key,
          );
        }
      }),
    );
    return { sent: mailed.size, skipped: rows.length - pending.length, withheld: pending.length - mailed.size };
  }
}
