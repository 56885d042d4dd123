/** Who is calling, as every request sees it (identityOf(req)); the accounts feature loads it. */
import type { ConferenceRole, Lang } from '../contract/enums';

export type Identity = {
  /** `lang`: the language the person last chose anywhere on the platform, null before any choice */
  user: {
    id: number;
    email: string;
    trueName: string;
    umtId: string | null;
    cstnetId: string | null;
    lang?: Lang | null;
  };
  roles: ConferenceRole[];
  superAdmin: boolean;
};

/** Loads the identity of a signed-in user for this conference (null on the platform host). */
export type IdentityLoader = (conferenceId: number | null, userId: number) => Promise<Identity | null>;
