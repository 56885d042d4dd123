/**
 * What the registration API answers to the management screens (spec 2.12 "User management",
 * 7 "Conference users"), shared by the server's presenters and the islands.
 */

/** A row of the registrant list: user no, name (spec 2.12 name rule), e-mail and the rest. */
export type RegistrantListRow = {
  id: number;
  code: string;
  name: string;
  email: string;
  unit: string;
  country: string;
  phone: string;
  version: string;
  /** ISO instant */
  createTime: string;
  /** the manager who added them by hand, or null */
  addedBy: string | null;
};

export type RegistrantPage = { rows: RegistrantListRow[]; total: number };

export type RegistrantFile = { name: string; originalName: string; size: number };

/** One answer as a manager reads it. */
export type RegistrantAnswer = { field: string; title: string; value: string; files: RegistrantFile[] };

export type RegistrantDetails = RegistrantListRow & { userId: number; answers: RegistrantAnswer[] };

export type FormVersionView = { version: string; registrants: number; updatedAt: string | null };

/** pageQuery (spec 7): a registrant with their answers as {field, title, value}. */
export type RegistrantContent = {
  id: number;
  code: string;
  email: string;
  createTime: string;
  content: Array<{ field: string; title: string; value: string }>;
};
export type RegistrantContentPage = { rows: RegistrantContent[]; total: number };

/** getEdugainInfo (spec 7): the signed-in person and the federated identities they sign in with. */
export type EdugainInfo = {
  email: string;
  trueName: string;
  providers: Array<{ kind: string; zname: string; ename: string }>;
};

/** The page size of the registrant list (spec 2.12, 9). */
export const REGISTRANT_PAGE_SIZE = 20;

/** Recommended at most this many recipients per e-mail (spec 9). */
export const MAX_RECIPIENTS_PER_MAIL = 20;
