/** The reviewers as the management screens show them. */
import type { Db } from '../../../db/index';
import { toDbInstant } from '../../../db/dialect';
import { submissionReader as submissions } from '../../submissions/index';
import type { Load, ReviewerView, RoleView, SessionChoice } from '../../../contract/reviewers';
import type { ReviewerRow, RoleRow } from './people';
import { displayName } from './people';

export const emptyLoad = (): Load => ({ assigned: 0, draft: 0, submitted: 0 });

export function presentReviewer(r: ReviewerRow, roles: RoleRow[], load: Load = emptyLoad()): ReviewerView {
  const expiresAt = r.key_expires_at;
  return {
    id: r.id,
    email: r.email,
    name: displayName(r),
    lastName: r.last_name,
    middleName: r.middle_name,
    firstName: r.first_name,
    fullName: r.full_name,
    unit: r.unit,
    phone: r.phone,
    country: r.country,
    direction: r.direction,
    active: Boolean(r.active),
    expired: !r.active && expiresAt !== null && expiresAt.getTime() < Date.now(),
    // the stored text, as the reviewers' screen has always received it
    invitedAt: toDbInstant(r.invited_at),
    activatedAt: r.activated_at && toDbInstant(r.activated_at),
    roles: roles.filter((x) => x.reviewer_id === r.id).map(presentRole),
    load,
  };
}

export const presentRole = (x: RoleRow): RoleView => ({ id: x.id, sessionId: x.session_id, role: x.role });

export async function sessionChoices(db: Db, conferenceId: number): Promise<SessionChoice[]> {
  const rows = await submissions.listSessions(db, conferenceId);
  return rows.filter((s) => s.parent_id === null).map((s) => ({ id: s.id, titleZh: s.title_zh, titleEn: s.title_en }));
}
