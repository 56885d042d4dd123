/** Enumerations shared by the server and the islands (no Node imports here). */

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';

/** languageType of spec section 3: '1' Chinese only, '2' English only, '3' bilingual. */
export const LANGUAGE_TYPE = { zhOnly: '1', enOnly: '2', bilingual: '3' } as const;
export type LanguageType = (typeof LANGUAGE_TYPE)[keyof typeof LANGUAGE_TYPE];

/** conference.status; "4" (published) is fixed by the spec, the others are ours. */
export const CONFERENCE_STATUS = {
  draft: '1',
  pendingReview: '2',
  rejected: '3',
  published: '4',
  closed: '5',
} as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUS)[keyof typeof CONFERENCE_STATUS];

export const PAGE_TYPE = { page: 'PAGE', template: 'TEMPLATE' } as const;

/** `checkin`: desk staff a manager grants; they see the check-in desk and nothing else of the management area. */
export const ROLES = ['attendee', 'manager', 'creator', 'reviewer', 'checkin'] as const;
export type ConferenceRole = (typeof ROLES)[number];

/** Who may call a route; every route declares one (server/platform/access). */
/** `desk`: the check-in desk, for desk staff (role `checkin`) and the conference's managers. */
export const ACCESS_LEVELS = ['anonymous', 'user', 'attendee', 'reviewer', 'desk', 'manager', 'superAdmin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PROMPT_PATHS = ['/404', '/403', '/401', '/unpublished'] as const;
