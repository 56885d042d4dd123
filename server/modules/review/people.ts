/**
 * The reviewers of a conference as the rest of review reads them (migrations/027_reviewers.ts):
 * who they are, whether they may review (an account and activated), and their role per top-level
 * session. The write side (adding, importing, activating, roles) is reviewers.ts.
 */
import type { Db, Tx } from '../../db/index';

type Conn = Db | Tx;

export type ReviewerRole = 'reviewer' | 'chair';

export type ReviewerRow = {
  id: number; conference_id: number; email: string; user_id: number | null; active: number | boolean;
  key_hash: string | null; key_expires_at: string | null;
  last_name: string; middle_name: string; first_name: string; full_name: string;
  unit: string; phone: string; country: string; direction: string; lang: 'zh' | 'en';
  invited_at: string; activated_at: string | null;
};

export type RoleRow = { id: number; conference_id: number; reviewer_id: number; session_id: number; role: ReviewerRole };

/** A reviewer with their roles, as assignment and reviewing use them. */
export type Reviewer = {
  id: number;
  email: string;
  userId: number | null;
  /** may review: has an account and is activated */
  active: boolean;
  name: string;
  unit: string;
  lang: 'zh' | 'en';
  roles: Array<{ sessionId: number; role: ReviewerRole }>;
};

export function displayName(r: Pick<ReviewerRow, 'full_name' | 'first_name' | 'last_name' | 'email'>): string {
  return r.full_name || [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email;
}

function present(r: ReviewerRow, roles: RoleRow[]): Reviewer {
  return {
    id: Number(r.id), email: r.email, userId: r.user_id === null ? null : Number(r.user_id), active: Boolean(r.active),
    name: displayName(r), unit: r.unit, lang: r.lang === 'en' ? 'en' : 'zh',
    roles: roles.filter((x) => Number(x.reviewer_id) === Number(r.id)).map((x) => ({ sessionId: Number(x.session_id), role: x.role })),
  };
}

/** Every reviewer of the conference with their roles, in the order they were added. */
export async function reviewersOf(db: Conn, conferenceId: number): Promise<Reviewer[]> {
  const [rows, roles] = await Promise.all([
    db<ReviewerRow>('reviewers').where({ conference_id: conferenceId }).orderBy('id'),
    db<RoleRow>('reviewer_roles').where({ conference_id: conferenceId }),
  ]);
  return rows.map((r) => present(r, roles));
}

/** The reviewer record of a signed-in person in this conference, or null. */
export async function reviewerOfUser(db: Conn, conferenceId: number, userId: number): Promise<Reviewer | null> {
  const row = await db<ReviewerRow>('reviewers').where({ conference_id: conferenceId, user_id: userId }).first();
  if (!row) return null;
  const roles = await db<RoleRow>('reviewer_roles').where({ conference_id: conferenceId, reviewer_id: row.id });
  return present(row, roles);
}

export async function reviewerById(db: Conn, conferenceId: number, id: number): Promise<Reviewer | null> {
  const row = await db<ReviewerRow>('reviewers').where({ conference_id: conferenceId, id }).first();
  if (!row) return null;
  const roles = await db<RoleRow>('reviewer_roles').where({ conference_id: conferenceId, reviewer_id: row.id });
  return present(row, roles);
}
