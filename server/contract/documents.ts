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

/** Where a field sits on a custom template, in millimetres from the top-left corner. */
export type LayoutItem = {
  /** 'name' | 'unit' | 'country' | 'code' | 'qr' | 'conferenceName' | 'email' | 'phone' | 'registeredOn' | a form field */
  field: string;
  x: number;
  y: number;
  /** text: the box width (text wraps, aligned in it); qr: unused */
  width: number;
  /** text: the font size in points; qr: the side in millimetres */
  size: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  /** #rrggbb */
  color: string;
};

export type DocumentLayout = { page: { width: number; height: number }; items: LayoutItem[] };

export const BUILT_IN_FIELDS = ['name', 'unit', 'country', 'code', 'qr', 'conferenceName', 'email', 'phone', 'registeredOn'] as const;

/** The page of each document, in millimetres (a custom template starts from it). */
export const DEFAULT_PAGE: Record<DocumentType, { width: number; height: number }> = {
  BADGE: { width: 90, height: 130 },
  INVITATION: { width: 210, height: 297 },
  RECEIPT: { width: 210, height: 148 },
  TICKET: { width: 190, height: 88 },
};

/** The documents an attendee downloads in the personal centre (receipts come with orders). */
export const PERSONAL_DOCUMENTS: readonly DocumentType[] = ['BADGE', 'INVITATION', 'TICKET'];

export type TemplateView = { type: DocumentType; enabledType: EnabledType; background: string | null; backgroundUrl: string | null; layout: DocumentLayout };
