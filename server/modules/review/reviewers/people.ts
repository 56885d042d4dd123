/**
 * The reviewers of a conference as the rest of review reads them (migrations/027_reviewers.ts):
 * who they are, whether they may review (an account and activated), and their role per top-level
 * session. The write side (adding, importing, activating, roles) is reviewers/service.ts.
 */
import type { Db, Tx } from '../../../db/index';
import type { ReviewerRole, RoleRow } from '../tables';
import * as repo from './repo';
import type { ReviewerRow } from './repo';

type Conn = Db | Tx;

export type { ReviewerRole, ReviewerRow, RoleRow };

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
    id: r.id,
    email: r.email,
    userId: r.user_id,
    active: Boolean(r.active),
    name: displayName(r),
    unit: r.unit,
    lang: r.lang === 'en' ? 'en' : 'zh',
    roles: roles.filter((x) => x.reviewer_id === r.id).map((x) => ({ sessionId: x.session_id, role: x.role })),
  };
}

/** Every reviewer of the conference with their roles, in the order they were added. */
export async function reviewersOf(db: Conn, conferenceId: number): Promise<Reviewer[]> {
  const [rows, roles] = await Promise.all([repo.list(db, conferenceId), repo.rolesOf(db, conferenceId)]);
  return rows.map((r) => present(r, roles));
}

/** The reviewer record of a signed-in person in this conference, or null. */
export async function reviewerOfUser(db: Conn, conferenceId: number, userId: number): Promise<Reviewer | null> {
  const row = await repo.findByUser(db, conferenceId, userId);
  return row ? present(row, await repo.rolesOf(db, conferenceId, [row.id])) : null;
}

export async function reviewerById(db: Conn, conferenceId: number, id: number): Promise<Reviewer | null> {
  const row = await repo.find(db, conferenceId, id);
  return row ? present(row, await repo.rolesOf(db, conferenceId, [row.id])) : null;
}
