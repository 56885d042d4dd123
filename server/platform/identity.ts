/** Who is calling, as every request sees it (req.ctx.identity); the accounts feature loads it. */
import type { ConferenceRole } from '../contract/enums';

export type Identity = {
  user: { id: number; email: string; trueName: string; umtId: string | null; cstnetId: string | null };
  roles: ConferenceRole[];
  superAdmin: boolean;
};

/** Loads the identity of a signed-in user for this conference (null on the platform host). */
export type IdentityLoader = (conferenceId: number | null, userId: number) => Promise<Identity | null>;
