/**
 * A reviewer's page (/platform/manage/reviewer/info/:id): the record, roles by session, load,
 * the conflicts stored for them and those the finder suggests against every manuscript, and their
 * reviews; and the check of one person against every manuscript before inviting them.
 */
import type { Db } from '../../../db/index';
import { notFound } from '../../../platform/errors';
import type { ServiceDeps } from '../../../platform/feature';
import { submissionReader as submissions } from '../../submissions/index';
import type { ConflictSuggestion, ReviewerInfo } from '../../../contract/reviewers';
import { conflictsOf, type PaperPeople, type Person } from '../conflicts/index';
import * as repo from './repo';
import { paperPeople } from '../conflicts/paperPeople';
import { displayName } from './people';
import { emptyLoad, presentReviewer, sessionChoices } from './views';

type Paper = { id: number; number: string; title: string };

export class ReviewerInfoService {
  constructor(private readonly deps: ServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Every manuscript of the conference (withdrawn ones too: a conflict does not lapse) with its people. */
  private async papers(conferenceId: number): Promise<{ papers: Map<number, Paper>; people: PaperPeople[] }> {
    const rows = await submissions.all(this.db, conferenceId, {});
    const people = await paperPeople(this.db, conferenceId, rows);
    return { papers: new Map(rows.map((r) => [r.id, { id: r.id, number: r.number, title: r.title }])), people };
  }

  private suggest(person: Person, papers: { papers: Map<number, Paper>; people: PaperPeople[] }): ConflictSuggestion[] {
    return conflictsOf(person, papers.people).map((s) => {
      const p = papers.papers.get(s.paperId)!;
      return { submissionId: s.paperId, number: p.number, title: p.title, reason: s.reason, detail: s.detail };
    });
  }

  /** Before inviting: the manuscripts this person may be partial to. */
  async check(conferenceId: number, q: { email: string; name: string; unit: string }): Promise<ConflictSuggestion[]> {
    return this.suggest(
      { userId: null, email: q.email, name: q.name, organisation: q.unit },
      await this.papers(conferenceId),
    );
  }

  async info(conferenceId: number, id: number): Promise<ReviewerInfo> {
    const row = await repo.find(this.db, conferenceId, id);
    if (!row) throw notFound('reviewers:notFound');
    const [roles, reviews, stored, sessions, papers] = await Promise.all([
      repo.rolesOf(this.db, conferenceId, [id]),
      repo.reviewsOf(this.db, conferenceId, id),
      repo.conflictsOf(this.db, conferenceId, id),
      sessionChoices(this.db, conferenceId),
      this.papers(conferenceId),
    ]);
    const load = emptyLoad();
    for (const r of reviews)
      if (r.state === 'assigned' || r.state === 'draft' || r.state === 'submitted') load[r.state]++;
    const paper = (sid: number) => papers.papers.get(sid) ?? { id: sid, number: '', title: '' };
    const person: Person = {
      userId: row.user_id === null ? null : row.user_id,
      email: row.email,
      name: displayName(row),
      organisation: row.unit,
    };
    return {
      reviewer: presentReviewer(row, roles, load),
      sessions,
      conflicts: stored.map((c) => ({
        submissionId: c.submission_id,
        number: paper(c.submission_id).number,
        title: paper(c.submission_id).title,
        state: c.state,
        reason: c.reason,
        note: c.note,
      })),
      suggestions: this.suggest(person, papers).filter((s) => !stored.some((c) => c.submission_id === s.submissionId)),
      reviews: reviews.map((r) => ({
        submissionId: r.submission_id,
        number: paper(r.submission_id).number,
        title: paper(r.submission_id).title,
        state: r.state,
        opinion: r.opinion,
        submittedAt: r.submitted_at,
      })),
    };
  }
}
