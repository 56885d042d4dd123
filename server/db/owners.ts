/**
 * Each table has one owner (DESIGN.md 2, "A module owns its tables"): only the owner's files
 * read or write it; another feature calls the owner's service or a narrow exported function of
 * the owner's repo, passing its transaction in when the work must commit together.
 * `test/server/platform/tableOwners.test.ts` reads server/modules and server/platform and fails on
 * a table touched outside its owner, and on a table a migration creates that has no owner here.
 *
 * An owner is a folder of server/modules, or `platform` for server/platform.
 */
export const TABLE_OWNERS = {
  // accounts: people and what they are
  users: 'accounts',
  user_identities: 'accounts',
  identity_providers: 'accounts',
  verification_codes: 'accounts',
  session_handoffs: 'accounts',
  super_admins: 'accounts',
  conference_roles: 'accounts',

  // sites: the conference record, its switches and domains, and its website. The conference
  // record belongs here rather than to `conferences` because the site snapshot is built from
  // it and sites provisions it; `conferences` (the lifecycle) already depends on sites.
  conferences: 'sites',
  conference_modules: 'sites',
  conference_domains: 'sites',
  website_configs: 'sites',
  exteriors: 'sites',
  pages: 'sites',
  page_versions: 'sites',
  menus: 'sites',
  disciplines: 'sites',

  // conferences: the publication workflow
  publication_requests: 'conferences',

  registration_settings: 'registration',
  registration_forms: 'registration',
  registrants: 'registration',
  registrant_files: 'registration',
  download_tokens: 'registration',

  files: 'files',
  upload_budgets: 'files',

  mail_outbox: 'mail',
  mail_templates: 'mail',
  mail_configs: 'mail',
  mail_budget_days: 'mail',

  document_templates: 'documents',

  // checkin: the desks, who is checked in, every attempt at a desk
  checkin_desks: 'checkin',
  checkins: 'checkin',
  checkin_attempts: 'checkin',

  // programme: rooms, the working programme, its releases, personal agendas and calendar feeds
  programme_rooms: 'programme',
  programme_items: 'programme',
  programme_settings: 'programme',
  programme_releases: 'programme',
  programme_agenda: 'programme',
  programme_feeds: 'programme',

  // orders: what people owe and what they paid (the payment attempts), the payment queue and the bank statements
  orders: 'orders',
  order_items: 'orders',
  payment_attempts: 'orders',
  attempt_orders: 'orders',
  payment_anomalies: 'orders',
  payment_refunds: 'orders',
  statement_mappings: 'orders',
  statement_rows: 'orders',
  order_log: 'orders',

  // receipts: the payment receipts (and their numbers) and the invoices people request
  receipt_counters: 'receipts',
  receipt_documents: 'receipts',
  invoice_requests: 'receipts',

  feedback: 'feedback',
  notices: 'notices',
  notice_reads: 'notices',
  fee_items: 'fees',
  fee_holds: 'fees',
  fee_categories: 'fees',
  fee_settings: 'fees',
  submission_fee_settings: 'submissions',
  units: 'units',

  // hotels: the booking settings, hotels, room types, their nights (the counted rows) and the reservations
  hotel_settings: 'hotels',
  hotels: 'hotels',
  hotel_rooms: 'hotels',
  hotel_nights: 'hotels',
  hotel_bookings: 'hotels',

  // submissions: the call for papers, its sessions and terms, the manuscripts, their authors and history, the cached book
  submission_settings: 'submissions',
  submission_sessions: 'submissions',
  submission_terms: 'submissions',
  submissions: 'submissions',
  submission_authors: 'submissions',
  submission_conflicts: 'submissions',
  submission_history: 'submissions',
  submission_books: 'submissions',
  // review: the configuration and detail rules, reviewers and their roles per session, conflicts, reviews and decisions
  review_settings: 'review',
  review_rules: 'review',
  reviewers: 'review',
  reviewer_roles: 'review',
  review_conflicts: 'review',
  reviews: 'review',
  review_decisions: 'review',
  ended_reviews: 'review',

  // privacy: the record of account erasures and the conferences each touched (its managers' log)
  erasure_requests: 'privacy',
  erasure_conferences: 'privacy',

  payment_settings: 'payments',
  payment_methods: 'payments',

  // platform: the session store (platform/session.ts), the job scheduler's leases and heavy work (platform/work)
  sessions: 'platform',
  job_leases: 'platform',
  work_items: 'platform',
} as const;

export type Table = keyof typeof TABLE_OWNERS;

/**
 * Folders that are a part of another owner's feature. The page and template editor
 * (server/modules/pages) edits the sites feature's pages in a folder of its own; DESIGN.md counts
 * pages and templates as part of sites.
 */
export const PART_OF: Readonly<Record<string, string>> = { pages: 'sites' };
