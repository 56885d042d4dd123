/**
 * The review feature's part of a person's own data (platform/personalData.ts): their reviewer
 * profile in each conference, the reviews they wrote and the conflicts they declared. On erasure
 * a reviewer profile loses its name and contacts and is switched off; the reviews stay with their
 * scores and comments (the authors' decisions rest on them) but no longer say who wrote them.
 * Queries by person, across conferences (personalDataRepo.ts).
 */
import type { Db } from '../../db/index';
import { parseJson } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart } from '../../platform/personalData';
import * as repo from './personalDataRepo';

const iso = (v: Date | null) => v?.toISOString() ?? null;

export function reviewPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'review',
    export: async ({ userId, email }) => {
      const reviewers = await repo.profilesOf(db, userId, email);
      const ids = reviewers.map((r) => r.id);
      // Manuscripts by their id: their numbers and titles are the submissions feature's (and its export's).
      const [reviews, conflicts] = await Promise.all([repo.reviewsBy(db, ids), repo.conflictsOf(db, ids)]);
      return {
        data: {
          reviewerProfiles: reviewers.map((r) => ({
            conferenceId: r.conference_id,
            email: r.email,
            fullName: r.full_name,
            firstName: r.first_name,
            middleName: r.middle_name,
            lastName: r.last_name,
            unit: r.unit,
            phone: r.phone,
            country: r.country,
            direction: r.direction,
            active: Boolean(r.active),
            invitedAt: iso(r.invited_at),
            activatedAt: iso(r.activated_at),
          })),
          reviewsWritten: reviews.map((r) => ({
            conferenceId: r.conference_id,
            submissionId: r.submission_id,
            state: r.state,
            scores: parseJson<unknown>(r.scores, null),
            answers: parseJson<unknown>(r.answers, null),
            opinion: r.opinion ?? null,
            comment: r.comment,
            submittedAt: iso(r.submitted_at),
          })),
          conflictsDeclared: conflicts.map((c) => ({
            conferenceId: c.conference_id,
            submissionId: c.submission_id,
            state: c.state,
            reason: c.reason,
            note: c.note,
            createdAt: iso(c.created_at),
          })),
        },
      };
    },
    erase: async ({ userId, email }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = await repo.unerasedProfiles(tx, userId, email, limit);
        for (const r of rows) await note(tx, r.conference_id, { reviews: await repo.eraseProfile(tx, r) });
        return rows.length;
      });
      return { changed };
    },
  };
}
