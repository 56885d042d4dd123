/**
 * What a person's roles let them do in a conference: the predicates behind `access`/`screen`
 * (access.ts), also read by the kept pages (keptPages.ts), which access.ts itself uses — so they
 * live here, below both.
 */
import type { AccessLevel } from '../contract/enums';
import type { Identity } from './identity';

export function isConferenceAdmin(identity: Identity | null): boolean {
  if (!identity) return false;
  // A super admin manages every conference, but only as its manager: on a conference host the
  // platform's own powers are out of reach (the superAdmin level is a platform-host level).
  return identity.superAdmin || identity.roles.includes('manager') || identity.roles.includes('creator');
}

/** Managers, reviewers and super admins: they see is-admin marks and unpublished sites. */
export function isStaff(identity: Identity | null): boolean {
  return isConferenceAdmin(identity) || Boolean(identity?.roles.includes('reviewer'));
}

/** Desk staff (role `checkin`, granted by a manager) or a manager: who may work the check-in desk. */
export function isDeskStaff(identity: Identity | null): boolean {
  return Boolean(identity?.roles.includes('checkin')) || isConferenceAdmin(identity);
}

export function isAttendee(identity: Identity | null): boolean {
  return Boolean(identity?.roles.includes('attendee'));
}

export function allows(level: AccessLevel, identity: Identity | null): boolean {
  switch (level) {
    case 'anonymous':
      return true;
    case 'user':
      return identity !== null;
    case 'attendee':
      return isAttendee(identity) || isConferenceAdmin(identity);
    case 'reviewer':
      return isStaff(identity);
    case 'desk':
      return isDeskStaff(identity);
    case 'manager':
      return isConferenceAdmin(identity);
    case 'superAdmin':
      return Boolean(identity?.superAdmin);
  }
}
