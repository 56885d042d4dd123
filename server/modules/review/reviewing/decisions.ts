/**
 * The decisions on a manuscript in review (spec 3 "Review opinions", 4 "Submission status", 8):
 * the chair's opinion (a chair of the manuscript's session, once a review is in) and the final
 * opinion — the chair's when the configuration makes it final, else the manager's, given on the
 * detail screen's review panel. The final opinion moves the status through the submissions' state
 * machine (SubmissionDesk.moveInReview) and mails the authors, in one transaction under the
 * manuscript's lock: a chair and a manager deciding at once make one decision.
 *
 * A new round: when a returned manuscript is resubmitted, its submitted reviews become drafts
 * again (the reviewers review the new version with their previous answers prefilled) and the
 * previous decision is cleared (the status history keeps it, with its comment); the status stays
 * 'resubmitted' until the allocation assigns it again or a final opinion is given. A decision a
 * manager reopens clears the decision row the same way; the reviews stay as they are.
 */
import type { Tx } from '../../../db/index';
import { inTransaction } from '../../../db/transaction';
import type { AuthorReviews, DecisionInput, ReviewPanel, ReviewScreen } from '../../../contract/reviewing';
import type { SubmissionStatus } from '../../../contract/submissions';
import { toDbInstant } from '../../../db/dialect';
import type { ServiceDeps } from '../../../platform/feature';
import { AppError, notFound } from '../../../platform/errors';
import { submissionReader as subs } from '../../submissions/index';
import { reviewersOf } from '../reviewers/people';
import { chairs, activeReviewer } from './context';
import { chairConflicted, needsChair } from '../conflicts/chairs';
import { withAdmission, type MailSite } from '../../mail/index';
import { admitted, REVIEW_MAIL_POLICY } from '../allocation/mails';
import { finalResultMail, resultRecipients, type ResultRecipient } from './mails';
import * as repo from './repo';
import { CLOSED, decisionView, forAuthor, iso, othersView, ruleForms, scoresOf, summary } from './views';
import type { ResultExtras } from './resultExtras';
import type { Person } from './context';

type MailFrame = Pick<ResultExtras, 'scoreRules' | 'resubmitDeadline'>;

type ScreenOf = (conferenceId: number, submissionId: number, userId: number) => Promise<ReviewScreen>;

export class Decisions {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly screenOf: ScreenOf,
  ) {}

  /** A chair's opinion on a manuscript of their session; final at once when the configuration says so. */
  async chairOpinion(
    conferenceId: number,
    person: Person,
    submissionId: number,
    input: DecisionInput,
  ): Promise<ReviewScreen> {
    const chair = await activeReviewer(this.deps.db, conferenceId, person.userId);
    if (!chair) throw notFound('reviewing:notFound');
    // The chair's opinion on a manuscript they conflict with (their own, a co-author's…) is refused.
    const target = await subs.findSubmission(this.deps.db, conferenceId, submissionId);
    if (
      target &&
      chairs(chair, target.session_id) &&
      (await chairConflicted(this.deps.db, conferenceId, chair, submissionId))
    )
      throw new AppError(403, 'reviewing:chairConflict');
    const { settings } = await this.deps.reviewConfig.config(conferenceId);
    const site = await this.deps.mailSites.mailSite(conferenceId);
    const mail = await this.resultMail(conferenceId, submissionId, Boolean(site) && settings.chairFinal);
    const frame = await this.mailFrame(conferenceId);
    await withAdmission(mail.admission, () =>
      inTransaction(this.deps.db, async (tx) => {
        const paper = await subs.lockForReview(tx, conferenceId, submissionId);
        if (!paper || !chairs(chair, paper.session_id)) throw notFound('reviewing:notFound');
        if (CLOSED.has(paper.status)) throw new AppError(409, 'reviewing:closed');
        const reviews = await repo.reviewsOfSubmissions(tx, conferenceId, [submissionId]);
        if (!reviews.some((r) => r.state === 'submitted')) throw new AppError(409, 'reviewing:noSubmittedReview');
        const now = toDbInstant();
        await repo.saveDecision(tx, conferenceId, submissionId, {
          chair_opinion: input.opinion,
          chair_comment: input.comment,
          chair_reviewer_id: chair.id,
          chair_at: now,
        });
        if (settings.chairFinal)
          await this.decide(
            tx,
            conferenceId,
            paper,
            input,
            { by: 'chair', userId: person.userId, name: person.name },
            site,
            mail.people,
            frame,
          );
      }),
    );
    return this.screenOf(conferenceId, submissionId, person.userId);
  }

  /** The manager's final opinion: refused for a decided manuscript, one without a reviewer, or when the chair's opinion is final. */
  async finalOpinion(
    conferenceId: number,
    person: Person,
    submissionId: number,
    input: DecisionInput,
  ): Promise<ReviewPanel> {
    const { settings } = await this.deps.reviewConfig.config(conferenceId);
    const site = await this.deps.mailSites.mailSite(conferenceId);
    const mail = await this.resultMail(conferenceId, submissionId, Boolean(site));
    const frame = await this.mailFrame(conferenceId);
    await withAdmission(mail.admission, () =>
      inTransaction(this.deps.db, async (tx) => {
        const paper = await subs.lockForReview(tx, conferenceId, submissionId);
        if (!paper) throw notFound('submissions:notFound');
        const refusal = await this.refusal(tx, conferenceId, paper.status, submissionId, settings.chairFinal);
        if (refusal) throw new AppError(409, refusal);
        await this.decide(
          tx,
          conferenceId,
          paper,
          input,
          { by: 'manager', userId: person.userId, name: person.name },
          site,
          mail.people,
          frame,
        );
      }),
    );
    return this.panel(conferenceId, submissionId);
  }

  /** The final result's recipients the mail gate admits, taken before the transaction (allocation/mails.ts). */
  private async resultMail(conferenceId: number, submissionId: number, send: boolean) {
    const paper = send ? await subs.findSubmission(this.deps.db, conferenceId, submissionId) : undefined;
    const people = paper ? await resultRecipients(this.deps.db, conferenceId, paper) : [];
    const admission = await this.deps.mailGate.admit(
      conferenceId,
      people.map((p) => p.email),
      REVIEW_MAIL_POLICY,
    );
    return { admission, people: people.filter((p) => admitted(admission.to, p.email)) };
  }

  /** Why no final opinion may be given now: spec 8's two messages. */
  private async refusal(
    conn: Tx | ServiceDeps['db'],
    conferenceId: number,
    status: SubmissionStatus,
    submissionId: number,
    chairFinal: boolean,
  ): Promise<string> {
    if (CLOSED.has(status)) return 'reviewing:finalizedOrUnassigned';
    if (chairFinal) return 'reviewing:chairIsFinal';
    if (!(await repo.reviewsOfSubmissions(conn, conferenceId, [submissionId])).length)
      return 'reviewing:finalizedOrUnassigned';
    return '';
  }

  private async decide(
    tx: Tx,
    conferenceId: number,
    paper: subs.SubmissionRow,
    input: DecisionInput,
    actor: { by: 'chair' | 'manager'; userId: number; name: string },
    site: MailSite | null,
    people: ResultRecipient[],
    mailFrame: MailFrame,
  ): Promise<void> {
    const id = paper.id;
    await this.deps.submissionDesk.moveInReview(tx, conferenceId, id, input.opinion, { ...actor, note: input.comment });
    await repo.saveDecision(tx, conferenceId, id, {
      final_opinion: input.opinion,
      final_comment: input.comment,
      final_user_id: actor.userId,
      final_at: toDbInstant(),
    });
    if (!site) return;
    // The reviews as they are under the manuscript's lock; the settings were read before the transaction.
    const rows = await repo.reviewsOfSubmissions(tx, conferenceId, [id]);
    const reviews = rows
      .filter((r) => r.state === 'submitted')
      .map((r) => ({ scores: scoresOf(r), comment: r.comment }));
    await finalResultMail(tx, conferenceId, site, paper, people, {
      ...mailFrame,
      opinion: input.opinion,
      include: input.mail,
      decisionComment: input.comment,
      reviews,
      siteUrl: site.url,
      submissionId: id,
    });
  }

  /** The settings the result mail's extras need (reviewing/resultExtras.ts), read before the decision's transaction. */
  private async mailFrame(conferenceId: number): Promise<MailFrame> {
    const [review, call] = await Promise.all([
      this.deps.reviewConfig.config(conferenceId),
      this.deps.submissionConfig.config(conferenceId),
    ]);
    return { scoreRules: review.settings.scores, resubmitDeadline: call.settings.secondDeadline };
  }

  /** The manager's review panel: every review with its reviewer, the chair's and the final opinion, whether a final opinion may be given, whether the session needs another chair, and the ended reviews (not counted). */
  async panel(conferenceId: number, submissionId: number): Promise<ReviewPanel> {
    const paper = await subs.findSubmission(this.deps.db, conferenceId, submissionId);
    if (!paper) throw notFound('submissions:notFound');
    const [config, rows, people, decision, ended] = await Promise.all([
      this.deps.reviewConfig.config(conferenceId),
      repo.reviewsOfSubmissions(this.deps.db, conferenceId, [submissionId]),
      reviewersOf(this.deps.db, conferenceId),
      repo.findDecision(this.deps.db, conferenceId, submissionId),
      repo.endedReviewsOf(this.deps.db, conferenceId, submissionId),
    ]);
    const name = (rid: number | null) => people.find((p) => p.id === Number(rid))?.name ?? '';
    const { settings } = config;
    return {
      reviews: rows.map((r) => othersView(summary(r, name(r.reviewer_id), settings.scores))),
      scores: settings.scores.filter((s) => s.enabled),
      rules: ruleForms(config.rules),
      decision: decisionView(decision, name(decision?.chair_reviewer_id ?? null)),
      blind: settings.blind,
      chairFinal: settings.chairFinal,
      refusal: await this.refusal(this.deps.db, conferenceId, paper.status, submissionId, settings.chairFinal),
      needsChair: !CLOSED.has(paper.status) && (await needsChair(this.deps.db, conferenceId, paper)),
      // kept for the managers as they were (a draft too: the reviewer can no longer change it)
      ended: ended.map((r) => ({
        ...summary(r, r.reviewer_name, settings.scores),
        reason: r.reason,
        endedAt: iso(r.ended_at),
      })),
    };
  }

  /** What the author reads once the final opinion is given (null before): no reviewer named when blind. */
  async forAuthor(conferenceId: number, submissionId: number): Promise<AuthorReviews | null> {
    const paper = await subs.findSubmission(this.deps.db, conferenceId, submissionId);
    const decision =
      paper && CLOSED.has(paper.status) ? await repo.findDecision(this.deps.db, conferenceId, submissionId) : undefined;
    if (!decision?.final_opinion) return null;
    const [config, rows, people] = await Promise.all([
      this.deps.reviewConfig.config(conferenceId),
      repo.reviewsOfSubmissions(this.deps.db, conferenceId, [submissionId]),
      reviewersOf(this.deps.db, conferenceId),
    ]);
    const reviews = rows.map((row) => ({ row, name: people.find((p) => p.id === row.reviewer_id)?.name ?? '' }));
    return forAuthor(decision, reviews, ruleForms(config.rules), config.settings.blind);
  }

  /** 'submission.changed', in the transaction of the change: a new round on resubmission, a cleared decision on reopening. */
  async onSubmissionChanged(
    tx: Tx,
    p: { conferenceId: number; submissionId: number; from: SubmissionStatus | null; to: SubmissionStatus },
  ): Promise<void> {
    if (p.to === 'resubmitted') {
      await repo.reopenReviews(tx, p.conferenceId, p.submissionId);
      await repo.clearDecision(tx, p.conferenceId, p.submissionId);
    } else if (p.to === 'waiting' && p.from && CLOSED.has(p.from)) {
      await repo.clearDecision(tx, p.conferenceId, p.submissionId);
    }
  }
}
