/**
 * Conference creation, managers and publication: the input rules shared by the server and the
 * islands (spec 3 "Website config", 6 "Adding managers", 4 "Conference website"). No Node imports.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { EMAIL_PATTERN } from './validation';

const NS = 'manageConference:';

/**
 * Subdomains the platform keeps for itself (and for the demo conferences), and names that mail
 * clients, browsers and operators give a meaning to under any domain (autodiscover, wpad, mx...).
 */
export const RESERVED_SLUGS = [
  'www',
  'platform',
  'admin',
  'api',
  'demo',
  'demo2',
  'mail',
  'localhost',
  'static',
  'assets',
  'cdn',
  'files',
  'ftp',
  'smtp',
  'imap',
  'pop3',
  'webmail',
  'autodiscover',
  'autoconfig',
  'wpad',
  'ns1',
  'ns2',
  'auth',
  'login',
  'sso',
] as const;

/** 3–40 lowercase letters, digits and hyphens; a DNS label, so no hyphen at either end. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/** A host name with at least two labels and an alphabetic (or IDN) top-level label. */
export const DOMAIN_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const slugField = z
  .string({ message: `${NS}slugInvalid` })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, `${NS}slugInvalid`)
  .refine((v) => !(RESERVED_SLUGS as readonly string[]).includes(v), `${NS}slugReserved`);

export const domainField = z
  .string({ message: `${NS}domainInvalid` })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .pipe(z.string().regex(DOMAIN_PATTERN, `${NS}domainInvalid`));

const name = (lang: 'Zh' | 'En') =>
  z
    .string({ message: `${NS}name${lang}Required` })
    .trim()
    .min(1, `${NS}name${lang}Required`)
    .max(300, `${NS}name${lang}TooLong`);

/** A subdomain slug or a custom domain, exactly one of them. */
export const createConferenceInput = z
  .object({
    nameZh: name('Zh'),
    nameEn: name('En'),
    shortTitle: z
      .string({ message: `${NS}shortTitleTooLong` })
      .trim()
      .max(100, `${NS}shortTitleTooLong`)
      .default(''),
    slug: z
      .string({ message: `${NS}slugInvalid` })
      .trim()
      .default(''),
    domain: z
      .string({ message: `${NS}domainInvalid` })
      .trim()
      .default(''),
    languageType: z.enum(['1', '2', '3'], { message: `${NS}languageTypeInvalid` }).default('3'),
  })
  .superRefine((v, ctx) => {
    if (v.slug && v.domain) ctx.addIssue({ code: 'custom', path: ['domain'], message: `${NS}slugOrDomain` });
    else if (!v.slug && !v.domain) ctx.addIssue({ code: 'custom', path: ['slug'], message: `${NS}slugRequired` });
  })
  .transform((v, ctx) => {
    const field = v.domain ? 'domain' : 'slug';
    const parsed = (v.domain ? domainField : slugField).safeParse(v.domain || v.slug);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0].message });
      return z.NEVER;
    }
    return { ...v, slug: v.domain ? '' : parsed.data, domain: v.domain ? parsed.data : '' };
  });
export type CreateConferenceInput = z.infer<typeof createConferenceInput>;

/** Spec 6: any e-mail in a valid format may become a manager; others are "non-pass users". */
export const managerEmailInput = z.object({
  email: z
    .string({ message: `${NS}nonPassUser` })
    .trim()
    .min(1, `${NS}nonPassUser`)
    .max(254, `${NS}nonPassUser`)
    .regex(EMAIL_PATTERN, `${NS}nonPassUser`)
    .transform((v) => v.toLowerCase()),
});

export const rejectInput = z.object({
  reason: z
    .string({ message: `${NS}reasonRequired` })
    .trim()
    .min(1, `${NS}reasonRequired`)
    .max(1000, `${NS}reasonTooLong`),
});

/** What a manager may do with the conference's website in each state (spec 4, "Conference website"). */
export const PUBLICATION_ACTIONS = ['apply', 'withdraw', 'cancelRelease', 'close', 'reopen'] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

/** status → the actions that apply; status values are CONFERENCE_STATUS (contract/enums). */
export const ACTIONS_BY_STATUS: Record<string, PublicationAction[]> = {
  '1': ['apply', 'close'],
  '2': ['withdraw', 'close'],
  '3': ['apply', 'close'],
  '4': ['cancelRelease', 'close'],
  '5': ['reopen'],
};

/** The label of each status, in the common catalog (the management overview uses the same). */
export const STATUS_LABEL_KEYS: Record<string, string> = {
  '1': 'manage.status.draft',
  '2': 'manage.status.pendingReview',
  '3': 'manage.status.rejected',
  '4': 'manage.status.published',
  '5': 'manage.status.closed',
};

/** antd Tag colours of the statuses. */
export const STATUS_COLORS: Record<string, string> = {
  '1': 'default',
  '2': 'gold',
  '3': 'red',
  '4': 'green',
  '5': 'default',
};

const INSTANT_FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm' in the platform's time zone: the same on the server and in the browser. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : INSTANT_FORMAT.format(date);
}

// ── the API ────────────────────────────────────────────────────────────────────────────────

/** The "Create conference" screen of the platform host (a page, not an API call). */
export const CREATE_CONFERENCE_PAGE = '/conference/new';

/** A new conference: its address, and its own login page (a session belongs to one website). */
export type CreatedConference = { conferenceId: number; domain: string; siteUrl: string; loginUrl: string };

export type ManagerView = {
  userId: number;
  email: string;
  trueName: string;
  creator: boolean;
  hasPassword: boolean;
  since: string;
};

export type PublicationState = {
  status: string;
  /** the maintenance switch (spec 8 'Under Maintenance'): the site shows the maintenance page to all but its staff */
  maintenance: boolean;
  actions: PublicationAction[];
  /** when the pending request was made */
  requestedAt: string | null;
  /** the reason of the latest rejection, while the conference is in the rejected state */
  rejection: { reason: string; decidedAt: string | null } | null;
};

/** A publication request waiting for the platform administrators. */
export type QueueItem = {
  requestId: number;
  conferenceId: number;
  name: string;
  domain: string | null;
  requestedBy: string;
  requestedAt: string;
};

/** A row id in a path: anything else is a row that does not exist. */
const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound')
  .transform(Number);

const PLATFORM = '/conference/platform';
const MANAGERS = `${PLATFORM}/manage/managers`;
const QUEUE = '/platform/admin/publications';

const publication = (path: string, message: string) =>
  endpoint<PublicationState>()({ method: 'POST', path: `${PLATFORM}/${path}`, done: `${NS}${message}` });

/** Creation (platform host), managers and publication (a conference's host), the queue (super admins). */
export const conferencesApi = {
  create: endpoint<CreatedConference>()({
    method: 'POST',
    path: '/conference/create',
    body: createConferenceInput,
    done: `${NS}created`,
  }),

  // managers of this conference (spec 6, "Adding managers")
  managers: endpoint<ManagerView[]>()({ method: 'GET', path: MANAGERS }),
  addManager: endpoint<ManagerView[]>()({
    method: 'POST',
    path: MANAGERS,
    body: managerEmailInput,
    done: `${NS}added`,
  }),
  removeManager: endpoint<ManagerView[]>()({
    method: 'DELETE',
    path: `${MANAGERS}/:userId`,
    params: z.object({ userId: pathId }),
    done: `${NS}removed`,
  }),

  // publication (spec 4, "Conference website"): one endpoint per PublicationAction, named after it
  publication: endpoint<PublicationState>()({ method: 'GET', path: `${PLATFORM}/publication` }),
  apply: publication('applyRelease', 'applied'),
  withdraw: publication('withdrawRelease', 'withdrawn'),
  // spec 7: POST /conference/platform/cancelRelease
  cancelRelease: publication('cancelRelease', 'cancelled'),
  close: publication('closeConference', 'closed'),
  reopen: publication('reopenConference', 'reopened'),
  maintenance: endpoint<PublicationState>()({
    method: 'POST',
    path: `${PLATFORM}/maintenance`,
    body: z.object({ on: z.boolean() }),
    done: `${NS}maintenanceSaved`,
  }),

  // the platform administrators' queue
  queue: endpoint<QueueItem[]>()({ method: 'GET', path: QUEUE }),
  approve: endpoint<QueueItem[]>()({
    method: 'POST',
    path: `${QUEUE}/:requestId/approve`,
    params: z.object({ requestId: pathId }),
    done: `${NS}published`,
  }),
  reject: endpoint<QueueItem[]>()({
    method: 'POST',
    path: `${QUEUE}/:requestId/reject`,
    params: z.object({ requestId: pathId }),
    body: rejectInput,
    done: `${NS}rejected`,
  }),
};
