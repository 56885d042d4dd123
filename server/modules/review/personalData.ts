/**
 * The review feature's part of a person's own data (platform/personalData.ts): their reviewer
 * profile in each conference, the reviews they wrote and the conflicts they declared. On erasure
 * a reviewer profile loses its name and contacts and is switched off; the reviews stay with their
 * scores and comments (the authors' decisions rest on them) but no longer say who wrote them.
 * Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, parseJson } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { ERASED_DOMAIN, erasedAddress, type PersonalDataPart } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function reviewPersonalData(db: Db): PersonalDataPart {
  const theirs = (conn: Db, userId: number, email: string) => conn('reviewers').where((w) => w.where({ user_id: userId }).orWhere({ email: email.toLowerCase() }));
  return {
    name: 'review',
    export: async ({ userId, email }) => {
      const reviewers = await theirs(db, userId, email).orderBy('id');
      const ids = reviewers.map((r: { id: number }) => Number(r.id));
      // Manuscripts by their id: their numbers and titles are the submissions feature's (and its export's).
      const reviews = ids.length ? await db('reviews').whereIn('reviewer_id', ids).orderBy('id') : [];
      const conflicts = ids.length ? await db('review_conflicts').whereIn('reviewer_id', ids).orderBy('id') : [];
      return {
        data: {
          reviewerProfiles: reviewers.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), email: r.email, fullName: r.full_name, firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name, unit: r.unit, phone: r.phone, country: r.country, direction: r.direction, active: Boolean(r.active), invitedAt: iso(r.invited_at), activatedAt: iso(r.activated_at) })),
          reviewsWritten: reviews.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), submissionId: Number(r.submission_id), state: r.state, scores: parseJson<unknown>(r.scores as string, null), answers: parseJson<unknown>(r.answers as string, null), opinion: r.opinion ?? null, comment: r.comment, submittedAt: iso(r.submitted_at) })),
          conflictsDeclared: conflicts.map((c: Record<string, unknown>) => ({ conferenceId: Number(c.conference_id), submissionId: Number(c.submission_id), state: c.state, reason: c.reason, note: c.note, createdAt: iso(c.created_at) })),
        },
      };
    },
    erase: async ({ userId, email }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const rows = (await theirs(tx as unknown as Db, userId, email).whereNot('email', 'like', `%@${ERASED_DOMAIN}`).orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const r of rows) {
          await tx('reviewers')
            .where({ id: r.id })
            .update({ email: erasedAddress('reviewer', Number(r.id)), first_name: '', middle_name: '', last_name: '', full_name: '', unit: '', phone: '', country: '', direction: '', active: false, key_hash: null, key_expires_at: null });
          await tx('ended_reviews').where({ conference_id: r.conference_id, reviewer_id: r.id }).update({ reviewer_name: '' });
          await tx('review_conflicts').where({ conference_id: r.conference_id, reviewer_id: r.id }).update({ note: '' });
          await note(tx, Number(r.conference_id), { reviews: Number((await tx('reviews').where({ conference_id: r.conference_id, reviewer_id: r.id }).count({ n: '*' }).first())?.n ?? 0) });
        }
        return rows.length;
      });
      return { changed };
    },
  };
}
