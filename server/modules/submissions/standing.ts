/**
 * A person's standing as an author, for the features whose rules depend on it (hotels, spec 5:
 * "for authors, booking is possible only after the manuscript is accepted"). A narrow function of
 * the submissions feature, exported by its front door: others never read its tables.
 */
import type { Db, Tx } from '../../db/index';
import { statusesOfAuthor } from './configRepo';

/** 'none': no manuscript (withdrawn ones do not count); 'accepted': at least one accepted; 'notAccepted': manuscripts, none accepted yet. */
export type AuthorStanding = 'none' | 'accepted' | 'notAccepted';

export async function authorStanding(db: Db | Tx, conferenceId: number, userId: number): Promise<AuthorStanding> {
  const statuses = await statusesOfAuthor(db, conferenceId, userId);
  if (!statuses.length) return 'none';
  return statuses.includes('accepted') ? 'accepted' : 'notAccepted';
}
