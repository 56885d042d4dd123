/**
 * A conference for the assignment tests: a call with sessions A (two sub-sessions) and B
 * (test/server/submissions/helpers.ts), manuscripts submitted through the API by their own
 * authors, and reviewers written straight into the review tables (migrations/027_reviewers.ts)
 * with an account, the conference role 'reviewer' and a role per session. Each person gets a
 * distinct mail domain and institution, so that no conflict is suggested unless a test asks.
 */
import type { Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { insertId } from '../../../server/db/dialect';
import { attendee, call, callConference, ok, submissionBody, type CallSite } from '../submissions/helpers';
import { SCORE_KEYS } from '../../../server/contract/review';

export { call, ok } from '../submissions/helpers';

export const ALLOCATION = '/conference/platform/submission/allocation';

let seq = 0;

export async function allocationSite(
  h: Harness,
  slug: string,
  settings: { k?: number; max?: number } = {},
): Promise<CallSite> {
  const site = await callConference(h, slug);
  await reviewSettings(h, site, settings);
  return site;
}

export async function reviewSettings(
  h: Harness,
  site: CallSite,
  { k = 2, max = 0 }: { k?: number; max?: number },
): Promise<void> {
  const scores = SCORE_KEYS.map((key) => ({ key, enabled: true, max: 10, weight: 20 }));
  ok(
    await call(h, site.host, 'put', '/conference/platform/config/review/settings', {
      token: site.manager,
      body: { blind: true, chairFinal: false, scores, reviewersPerPaper: k, maxPerReviewer: max },
    }),
  );
}

export type Author = { name: string; surname: string; email: string; company: string };

/** A manuscript in a top-level session (A goes to its first sub-session), by a new author. */
export async function addPaper(
  h: Harness,
  site: CallSite,
  opts: {
    session?: 'A' | 'B';
    title?: string;
    authors?: Author[];
    conflicts?: Array<{ email?: string; organisation?: string }>;
  } = {},
): Promise<{ id: number; number: string; userId: number }> {
  const n = ++seq;
  const a = await attendee(h, site.cid);
  const authors = (
    opts.authors ?? [
      {
        name: 'Ming',
        surname: `Author${n}`,
        email: `author${n}@paper${n}.example`,
        company: `Paper Lab ${String.fromCharCode(65 + (n % 26))}${n}`,
      },
    ]
  ).map((x) => ({ ...x, phone: '1', country: 'China', corresponding: true }));
  const place =
    opts.session === 'B'
      ? { sessionId: site.sessionB, subSessionId: null }
      : { sessionId: site.sessionA, subSessionId: site.subA1 };
  const made = ok<{ id: number; number: string }>(
    await call(h, site.host, 'post', '/conference/submission', {
      token: a.token,
      body: submissionBody(site, {
        title: opts.title ?? `Paper ${n}`,
        ...place,
        authors,
        conflicts: opts.conflicts ?? [],
      }),
    }),
  );
  return { id: made.id, number: made.number, userId: a.userId };
}

export type TestReviewer = { id: number; userId: number; token: string; email: string };

/** A reviewer with an account, of `sessions` (top-level ids) with `role`. */
export async function addReviewer(
  h: Harness,
  site: CallSite,
  opts: {
    sessions: number[];
    role?: 'reviewer' | 'chair';
    name?: string;
    unit?: string;
    email?: string;
    lang?: 'zh' | 'en';
  },
): Promise<TestReviewer> {
  const n = ++seq;
  const email = opts.email ?? `reviewer${n}@rev${n}.example`;
  const token = await h.login({ email, conferenceId: site.cid, roles: ['reviewer'] });
  const user = await h.db('users').where({ email }).first();
  const now = toDbInstant();
  const id = await insertId(
    h.db('reviewers').insert(
      {
        conference_id: site.cid,
        email,
        user_id: user!.id,
        active: true,
        full_name: opts.name ?? `Reviewer ${n}`,
        unit: opts.unit ?? `Review Institute ${n}`,
        lang: opts.lang ?? 'zh',
        invited_at: now,
        activated_at: now,
      },
      ['id'],
    ),
  );
  for (const s of opts.sessions)
    await h
      .db('reviewer_roles')
      .insert({ conference_id: site.cid, reviewer_id: id, session_id: s, role: opts.role ?? 'reviewer' });
  return { id, userId: Number(user!.id), token, email };
}

/** The reviews rows of the conference as [submissionId, reviewerId, state], sorted. */
export async function reviewRows(h: Harness, cid: number): Promise<Array<[number, number, string]>> {
  const rows = await h.db('reviews').where({ conference_id: cid }).orderBy(['submission_id', 'reviewer_id']);
  return rows.map((r) => [Number(r.submission_id), Number(r.reviewer_id), r.state]);
}

export async function statusOf(h: Harness, cid: number, id: number): Promise<string> {
  return (await h.db('submissions').where({ conference_id: cid, id }).first())!.status;
}
