/**
 * The accounts feature's reactions to other features' events. Accounts owns the conference roles:
 * a registration makes its person an attendee of the conference, and deleting the registrant takes
 * the role back; both in the transaction of the registration's change (server/platform/events.ts).
 */
import { handle, type Subscription } from '../../platform/events';
import { grantRole, revokeRole } from './repo';

export const accountEventHandlers: readonly Subscription[] = [
  handle('registration.created', (tx, { conferenceId, userId }) => grantRole(tx, conferenceId, userId, 'attendee')),
  handle('registrant.deleted', (tx, { conferenceId, userId }) => revokeRole(tx, conferenceId, userId, 'attendee')),
];
