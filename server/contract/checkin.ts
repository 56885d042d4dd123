/**
 * On-site check-in (issue 33): the desk (lookup by the badge's QR code or by a typed name, check in,
 * undo, pay on site, print a badge, sync a queue of scans made offline) and the managers' screen
 * (desks, desk staff, live counts, the attendance list and its Excel). No Node imports here.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import type { Money } from './money';
import { orEmpty } from './validation';

/** What happened to a scan: checked in now; already checked in (by an earlier scan); an earlier offline scan took its place; a scan older than an undo; not a registrant. */
export const SCAN_OUTCOMES = ['checkedIn', 'already', 'superseded', 'stale', 'unknown'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

export type DeskView = { id: number; name: string; retired: boolean };
export type DeskStaffView = { id: number; email: string; name: string; since: string };

/** The check-in a registrant has: when (ISO), at which desk, by whom. */
export type CheckinMark = { at: string; desk: string; staff: string };

/** Whether the person owes money: paid (a paid registration order, nothing open), unpaid (an open order: pay on site), none (no fee order). */
export type PaymentState = 'paid' | 'unpaid' | 'none';

/** What the desk shows about a person, in large type. */
export type PersonCard = {
  registrantId: number;
  code: string;
  name: string;
  unit: string;
  email: string;
  /** the registration form version (the registration type); 'default' for the main form */
  version: string;
  payment: { state: PaymentState; owed: Money | null; orderId: number | null; orderNo: string };
  hotels: Array<{
    hotelZh: string;
    hotelEn: string;
    roomZh: string;
    roomEn: string;
    checkIn: string;
    checkOut: string;
    paid: boolean;
  }>;
  checkin: CheckinMark | null;
};

export type LookupView = {
  person: PersonCard | null;
  matches: Array<{ registrantId: number; code: string; name: string; unit: string }>;
};

export type ScanResult = { outcome: ScanOutcome; clientRef: string | null; person: PersonCard | null };

export type CountsView = { registered: number; checkedIn: number; perHour: Array<{ hour: string; count: number }> };

export type AttendanceRow = {
  registrantId: number;
  code: string;
  name: string;
  unit: string;
  at: string;
  desk: string;
  staff: string;
  attempts: number;
};
export type AttendancePage = { rows: AttendanceRow[]; total: number; page: number; size: number };

const NS = 'checkin:';
const id = z.coerce
  .number({ message: `${NS}notFound` })
  .int(`${NS}notFound`)
  .positive(`${NS}notFound`)
  .max(2 ** 31);
const idParam = z.object({ id });
const deskId = z
  .number({ message: `${NS}deskInvalid` })
  .int(`${NS}deskInvalid`)
  .positive(`${NS}deskInvalid`)
  .max(2 ** 31)
  .nullable();

/** A scan's code as typed or read from a QR: letters, digits and a few separators. */
const code = z
  .string({ message: `${NS}codeInvalid` })
  .trim()
  .min(1, `${NS}codeInvalid`)
  .max(40, `${NS}codeInvalid`);

export const lookupQuery = z
  .object({ code: code.optional(), q: z.string().trim().max(100, `${NS}queryTooLong`).optional() })
  .refine((v) => v.code || v.q, { message: `${NS}lookupEmpty`, path: ['q'] });

export const checkinInput = z.object({ registrantId: id, deskId });
export type CheckinInput = z.infer<typeof checkinInput>;

/** One scan made while the desk was offline: what the QR said (or the person picked), when, and the browser's id for it. */
export const queuedScan = z.object({
  code,
  deskId,
  clientRef: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, `${NS}refInvalid`),
  scannedAt: z.string().datetime({ offset: true, message: `${NS}timeInvalid` }),
});
export type QueuedScan = z.infer<typeof queuedScan>;
export const MAX_SYNC = 500;
export const syncInput = z.object({
  scans: z.array(queuedScan).min(1, `${NS}syncEmpty`).max(MAX_SYNC, `${NS}syncTooMany`),
});

export const undoInput = z.object({ registrantId: id, deskId });
export const payInput = z.object({ registrantId: id, orderId: id });

export const deskInput = z.object({
  name: z.string().trim().min(1, `${NS}deskNameRequired`).max(60, `${NS}deskNameTooLong`),
});
export const staffInput = z.object({
  email: z.string().trim().toLowerCase().email(`${NS}emailInvalid`).max(254, `${NS}emailInvalid`),
});

export const attendanceQuery = z.object({
  q: z.string().trim().max(100, `${NS}queryTooLong`).optional(),
  /** the check-ins of one local hour, as the overview's per-hour chart names it ('YYYY-MM-DD HH:00', the conference's zone) */
  hour: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:00$/, `${NS}hourInvalid`)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

const DESK = '/conference/platform/manage/checkin/desk';
const MANAGE = '/conference/platform/manage/checkin';

export const checkinApi = {
  // the desk: its staff and the managers
  desks: endpoint<DeskView[]>()({ method: 'GET', path: `${DESK}/desks` }),
  lookup: endpoint<LookupView>()({ method: 'GET', path: `${DESK}/lookup`, query: lookupQuery }),
  checkin: endpoint<ScanResult>()({ method: 'POST', path: `${DESK}/checkin`, body: checkinInput }),
  sync: endpoint<ScanResult[]>()({ method: 'POST', path: `${DESK}/sync`, body: syncInput }),
  undo: endpoint<PersonCard>()({ method: 'POST', path: `${DESK}/undo`, body: undoInput, done: `${NS}undone` }),
  pay: endpoint<PersonCard>()({ method: 'POST', path: `${DESK}/pay`, body: payInput, done: `${NS}paid` }),
  badge: endpoint<Download>()({ method: 'GET', path: `${DESK}/badge/:id`, params: idParam }),
  counts: endpoint<CountsView>()({ method: 'GET', path: `${DESK}/counts` }),
  // the managers
  addDesk: endpoint<DeskView[]>()({ method: 'POST', path: `${MANAGE}/desks`, body: deskInput, done: `${NS}saved` }),
  renameDesk: endpoint<DeskView[]>()({
    method: 'PUT',
    path: `${MANAGE}/desks/:id`,
    params: idParam,
    body: deskInput,
    done: `${NS}saved`,
  }),
  retireDesk: endpoint<DeskView[]>()({
    method: 'DELETE',
    path: `${MANAGE}/desks/:id`,
    params: idParam,
    done: `${NS}saved`,
  }),
  staff: endpoint<DeskStaffView[]>()({ method: 'GET', path: `${MANAGE}/staff` }),
  addStaff: endpoint<DeskStaffView[]>()({
    method: 'POST',
    path: `${MANAGE}/staff`,
    body: staffInput,
    done: `${NS}staffAdded`,
  }),
  removeStaff: endpoint<DeskStaffView[]>()({
    method: 'DELETE',
    path: `${MANAGE}/staff/:id`,
    params: idParam,
    done: `${NS}staffRemoved`,
  }),
  attendance: endpoint<AttendancePage>()({ method: 'GET', path: `${MANAGE}/attendance`, query: attendanceQuery }),
  excel: endpoint<Download>()({
    method: 'POST',
    path: `${MANAGE}/export`,
    body: orEmpty(z.object({ q: z.string().trim().max(100, `${NS}queryTooLong`).optional() })),
  }),
};

/**
 * The desk's service worker (islands/CheckinDesk/offline.ts, server/modules/checkin/offline.ts):
 * its script beside the desk page, its scope the desk page alone, so a desk reopened without a
 * connection still opens and queues scans.
 */
export const DESK_PAGE = '/platform/manage/checkin/desk';
export const DESK_WORKER = '/platform/manage/checkin/desk-sw.js';
