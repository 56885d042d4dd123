/**
 * Documents of a registrant (spec 3 "Document template config", 9): badge, invitation letter,
 * receipt and ticket; each disabled, the system default, or a custom template. Shared by the
 * server and the islands (no Node imports here).
 */

export const DOCUMENT_TYPES = ['BADGE', 'INVITATION', 'RECEIPT', 'TICKET'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ENABLED_TYPES = ['DISABLED', 'DEFAULT', 'CUSTOM'] as const;
export type EnabledType = (typeof ENABLED_TYPES)[number];

/** What a document says about the person it is for. */
export type DocumentPerson = {
  /** the registration code (prefix + number), also carried by the QR code */
  code: string;
  /** the display name (spec 2.12 name rule) */
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  unit: string;
  /** English country name as stored */
  country: string;
  phone: string;
  /** YYYY-MM-DD in the conference's time zone */
  registeredOn: string;
  /** every other answer as display text, by field key (custom items included) */
  fields: Record<string, string>;
};

/** What a document says about the conference. */
export type DocumentConference = {
  name: { zh: string; en: string };
  shortTitle: { zh: string; en: string };
  department: { zh: string; en: string };
  city: { zh: string; en: string };
  venue: { zh: string; en: string };
  startDate: string | null;
  endDate: string | null;
  /** the site's address, for letters and tickets */
  siteUrl: string;
};
