/**
 * The reviews (issue 16): a reviewer's list and home (spec 2.2 submissionManage/user), the review
 * screen of a manuscript, the draft and the submit, and the manuscript's files for its reviewers.
 * The chair's and the final opinions, the manager's panel and the author's view are reviewing/decisions.ts.
 *
 * A reviewer reads and writes only reviews with their reviewer id; a chair reads the manuscripts
 * of the sessions they chair; anything else is not found. A submitted review is read-only, and
 * every review of a decided or withdrawn manuscript too (409). Writes lock the manuscript's row
 * first, then the review's: twenty submits at once make one submit and one mail, and the last
 * review in sends the chairs' notice exactly once.
 */
import { toDbInstant } from '../../../db/dialect';
import type { Tx } from '../../../db/index';
import { inTransaction } from '../../../db/transaction';
import { LANGUAGE_TYPE, type Lang } from '../../../contract/enums';
import type { ReviewConfig } from '../../../contract/review';
import type { ChairTask, ReviewerHome, ReviewInput, ReviewScreen, ReviewTask } from '../../../contract/reviewing';
import type { ServiceDeps } from '../../../platform/feature';
import { AppError, notFound } from '../../../platform/errors';
import { submissionReader as subs, type Slot, type ManuscriptFile } from '../../submissions/index';
import type { MailSite } from '../../mail/index';
import { reviewersOf, type Reviewer } from '../reviewers/people';
import { blockedPapers } from '../conflicts/rule';
import { activeReviewer, seatOf, type Person, type Seat } from './context';
import { checkedReview } from './checks';
import { chairNoticeMail, reviewSubmittedMail } from './mails';
import * as repo from './repo';
import { CLOSED, decisionView, manuscriptFor, othersView, ruleForms, summary } from './views';
import { Decisions } from './decisions';

/** The signed-in person acting: a reviewer, a chair or a manager. */

export class ReviewingService {
  private readonly decisions: Decisions;

  constructor(private readonly deps: ServiceDeps) {
    this.decisions = new Decisions(deps, (cid, id, userId) => this.screenFor(cid, id, userId));
  }

  get db() {
    return this.deps.db;
  }

  // ── the reviewer's home and list ───────────────────────────────────────────────────────

  async home(conferenceId: number, userId: number): Promise<ReviewerHome> {
    const sessions = (await subs.listSessions(this.db, conferenceId)).map((s) => ({
      id: s.id,
      titleZh: s.title_zh,
      titleEn: s.title_en,
    }));
    const reviewer = await activeReviewer(this.db, conferenceId, userId);
    if (!reviewer)
      return { counts: { todo: 0, drafts: 0, submitted: 0 }, tasks: [], chair: [], sessions, deadline: '' };
    const { settings } = await this.deps.reviewConfig.config(conferenceId);
    const mine = await repo.reviewsOfReviewer(this.db, conferenceId, reviewer.id);
    const papers = new Map(
      (
        await subs.byIds(
          this.db,
          conferenceId,
          mine.map((r) => r.submission_id),
        )
      ).map((p) => [p.id, p]),
    );
    const tasks: ReviewTask[] = mine.flatMap((r) => {
      const p = papers.get(r.submission_id);
      if (!p) return [];
      const s = summary(r, reviewer.name, settings.scores);
      return [
        {
          submissionId: p.id,
          number: p.number,
          title: p.title,
          sessionId: p.session_id,
          status: p.status,
          state: r.state,
          opinion: r.opinion,
          weighted: s.weighted,
          // the stored text, as the reviewer's task list has always received it
          assignedAt: toDbInstant(r.assigned_at),
          submittedAt: s.submittedAt,
          closed: CLOSED.has(p.status),
        },
      ];
    });
    const open = tasks.filter((x) => !x.closed);
    return {
      counts: {
        todo: open.filter((x) => x.state === 'assigned').length,
        drafts: open.filter((x) => x.state === 'draft').length,
        submitted: tasks.filter((x) => x.state === 'submitted').length,
      },
      tasks,
      chair: await this.chairTasks(conferenceId, reviewer),
      sessions,
      deadline: settings.deadline,
    };
  }

  /** The manuscripts in review of the sessions a person chairs, with their reviews' progress; one they conflict with is marked and shows none. */
  private async chairTasks(conferenceId: number, chair: Reviewer): Promise<ChairTask[]> {
    const sessionIds = chair.roles.filter((r) => r.role === 'chair').map((r) => r.sessionId);
    if (!sessionIds.length) return [];
    const papers = (
      await Promise.all(sessionIds.map((sessionId) => subs.all(this.db, conferenceId, { sessionId })))
    ).flat();
    const blocked = await blockedPapers(this.db, conferenceId, chair);
    const ids = papers.map((p) => p.id);
    const [reviews, decisions] = await Promise.all([
      repo.reviewsOfSubmissions(this.db, conferenceId, ids),
      repo.decisionsOf(this.db, conferenceId, ids),
    ]);
    return papers.flatMap((p): ChairTask[] => {
      const of = reviews.filter((r) => r.submission_id === p.id);
      if (!of.length) return [];
      const task = { submissionId: p.id, number: p.number, title: p.title, sessionId: p.session_id, status: p.status };
      if (blocked.has(p.id))
        return [{ ...task, reviews: 0, submitted: 0, chairOpinion: null, finalOpinion: null, conflicted: true }];
      const d = decisions.find((x) => x.submission_id === p.id);
      return [
        {
          ...task,
          reviews: of.length,
          submitted: of.filter((r) => r.state === 'submitted').length,
          chairOpinion: d?.chair_opinion ?? null,
          finalOpinion: d?.final_opinion ?? null,
          conflicted: false,
        },
      ];
    });
  }

  // ── the review screen ──────────────────────────────────────────────────────────────────

  async screen(conferenceId: number, userId: number, submissionId: number): Promise<ReviewScreen> {
    return this.screenFor(conferenceId, submissionId, userId);
  }

  private async screenFor(conferenceId: number, submissionId: number, userId: number): Promise<ReviewScreen> {
    const seat = await seatOf(this.db, conferenceId, userId, submissionId);
    const config = await this.deps.reviewConfig.config(conferenceId);
    const { paper } = seat;
    const [authors, files, session] = await Promise.all([
      subs.authorsOf(this.db, conferenceId, [paper.id]),
      this.deps.submissionAuthor.fileNames(conferenceId, [paper]),
      subs.findSession(this.db, conferenceId, paper.session_id),
    ]);
    const scores = config.settings.scores.filter((s) => s.enabled);
    const closed = CLOSED.has(paper.status);
    return {
      manuscript: manuscriptFor(paper, authors.get(paper.id) ?? [], files, config.settings.blind),
      sessionTitle: { zh: session?.title_zh ?? '', en: session?.title_en ?? '' },
      scores,
      rules: ruleForms(config.rules),
      mine: seat.review
        ? {
            ...summary(seat.review, seat.reviewer.name, config.settings.scores),
            readOnly: closed || seat.review.state === 'submitted',
          }
        : null,
      chair: seat.chair ? await this.chairPart(conferenceId, seat, config) : null,
    };
  }

  private async chairPart(
    conferenceId: number,
    seat: Seat,
    config: ReviewConfig,
  ): Promise<NonNullable<ReviewScreen['chair']>> {
    const id = seat.paper.id;
    const [rows, people, decision] = await Promise.all([
      repo.reviewsOfSubmissions(this.db, conferenceId, [id]),
      reviewersOf(this.db, conferenceId),
      repo.findDecision(this.db, conferenceId, id),
    ]);
    const name = (rid: number | null) => people.find((p) => p.id === Number(rid))?.name ?? '';
    const reviews = rows.map((r) => othersView(summary(r, name(r.reviewer_id), config.settings.scores)));
    const canGive = !CLOSED.has(seat.paper.status) && reviews.some((r) => r.state === 'submitted');
    return {
      reviews,
      decision: decisionView(decision, name(decision?.chair_reviewer_id ?? null)),
      canGive,
      chairFinal: config.settings.chairFinal,
    };
  }

  // ── writing a review ───────────────────────────────────────────────────────────────────

  saveDraft(conferenceId: number, person: Person, submissionId: number, input: ReviewInput): Promise<ReviewScreen> {
    return this.write(conferenceId, person, submissionId, input, false);
  }

  submit(conferenceId: number, person: Person, submissionId: number, input: ReviewInput): Promise<ReviewScreen> {
    return this.write(conferenceId, person, submissionId, input, true);
  }

  private async write(
    conferenceId: number,
    person: Person,
    submissionId: number,
    input: ReviewInput,
    complete: boolean,
  ): Promise<ReviewScreen> {
    const reviewer = await activeReviewer(this.db, conferenceId, person.userId);
    if (!reviewer) throw notFound('reviewing:notFound');
    const config = await this.deps.reviewConfig.config(conferenceId);
    const clean = checkedReview(input, config.settings.scores, ruleForms(config.rules), complete);
    const site = complete ? await this.deps.mailSites.mailSite(conferenceId) : null;
    const managerLang = complete ? await this.siteLang(conferenceId) : 'zh';
    await inTransaction(this.db, async (tx) => {
      const paper = await subs.lockForReview(tx, conferenceId, submissionId);
      const row = paper ? await repo.lockReview(tx, conferenceId, submissionId, reviewer.id) : undefined;
      if (!paper || !row) throw notFound('reviewing:notFound');
      if (CLOSED.has(paper.status)) throw new AppError(409, 'reviewing:closed');
      if (row.state === 'submitted') throw new AppError(409, 'reviewing:alreadySubmitted');
      const state = complete ? 'submitted' : 'draft';
      await repo.writeReview(tx, conferenceId, row.id, {
        state,
        scores: JSON.stringify(clean.scores),
        answers: JSON.stringify(clean.answers),
        opinion: clean.opinion,
        comment: clean.comment,
      });
      if (complete && site)
        await this.submittedMails(tx, conferenceId, site, managerLang, paper, reviewer.name, clean.opinion!);
    });
    return this.screenFor(conferenceId, submissionId, person.userId);
  }

  private async submittedMails(
    tx: Tx,
    conferenceId: number,
    site: MailSite,
    lang: Lang,
    paper: subs.SubmissionRow,
    reviewer: string,
    opinion: NonNullable<ReviewInput['opinion']>,
  ): Promise<void> {
    await reviewSubmittedMail(tx, conferenceId, site, lang, paper, reviewer, opinion);
    if ((await repo.countUnsubmitted(tx, conferenceId, paper.id)) === 0)
      await chairNoticeMail(tx, conferenceId, site, paper);
  }

  /** The site's language for people who keep none (managers): English for an English-only site. */
  private async siteLang(conferenceId: number): Promise<Lang> {
    const site = await this.deps.sites.snapshot(conferenceId);
    return site?.config.languageType === LANGUAGE_TYPE.enOnly ? 'en' : 'zh';
  }

  /** A manuscript's file for its reviewers and its session's chairs, as stored (its own content is the authors' responsibility). */
  async file(conferenceId: number, userId: number, submissionId: number, slot: Slot): Promise<ManuscriptFile> {
    await seatOf(this.db, conferenceId, userId, submissionId);
    return this.deps.submissionAuthor.file(conferenceId, null, submissionId, slot);
  }

  // ── decisions (reviewing/decisions.ts) ───────────────────────────────────────────────────────────

  chairOpinion(...args: Parameters<Decisions['chairOpinion']>) {
    return this.decisions.chairOpinion(...args);
  }

  finalOpinion(...args: Parameters<Decisions['finalOpinion']>) {
    return this.decisions.finalOpinion(...args);
  }

  panel(...args: Parameters<Decisions['panel']>) {
    return this.decisions.panel(...args);
  }

  forAuthor(...args: Parameters<Decisions['forAuthor']>) {
    return this.decisions.forAuthor(...args);
  }

  onSubmissionChanged(...args: Parameters<Decisions['onSubmissionChanged']>) {
    return this.decisions.onSubmissionChanged(...args);
  }
}
