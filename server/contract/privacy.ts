/**
 * A person's own data (issue 32, docs/privacy.md): on the platform host a person downloads
 * everything the platform holds about them (heavy work: a zip of JSON and their files) and may ask
 * for their account to be erased, confirmed by a code sent to their e-mail; a super admin may erase
 * an account on the person's request; a conference's managers see the erasures that touched it.
 * No Node imports here: the islands bundle it.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import type { WorkStarted, WorkView } from './work';
import { codeField, emailField } from './validation';

/** An erasure as its screens show it. */
export type ErasureView = {
  id: number;
  state: 'erasing' | 'done';
  origin: 'self' | 'admin';
  /** the account's number (its row stays, anonymised) */
  userId: number;
  createdAt: string;
  finishedAt: string | null;
  /** rows erased or anonymised so far */
  changed: number;
};

/** An erasure that touched a conference, for its managers: what stays there and why. */
export type ConferenceErasureView = {
  id: number;
  userId: number;
  origin: 'self' | 'admin';
  state: 'erasing' | 'done';
  at: string;
  kept: Record<string, number>;
};

/** The person a super admin looks up before erasing them. */
export type ErasureSubjectView = {
  userId: number;
  email: string;
  name: string;
  conferences: number;
  erasure: ErasureView | null;
};

export const erasureConfirmInput = z.object({ code: codeField });
export const adminFindQuery = z.object({ email: emailField });
export const adminEraseInput = z.object({
  userId: z
    .number({ message: 'commonMsg.invalidInput' })
    .int()
    .positive()
    .max(2 ** 31),
  // typed again by the super admin: the account erased is the one they meant
  confirmEmail: emailField,
  note: z.string().trim().max(500, 'privacy:noteTooLong').default(''),
});

export const privacyApi = {
  /** starts (or joins) the person's export: 202 `{ work }` */
  exportData: endpoint<WorkStarted>()({ method: 'POST', path: '/platform/me/data/export' }),
  /** the person's latest export, to show its progress or its file again */
  latestExport: endpoint<WorkView | null>()({ method: 'GET', path: '/platform/me/data/export' }),
  /** sends the confirmation code to the person's own address */
  erasureCode: endpoint<{ resendAfterSeconds: number }>()({
    method: 'POST',
    path: '/platform/me/erasure/code',
    done: 'privacy:codeSent',
  }),
  /** confirms with the code: the account is locked at once and erased in the background */
  erase: endpoint<ErasureView>()({
    method: 'POST',
    path: '/platform/me/erasure',
    body: erasureConfirmInput,
    done: 'privacy:erasureStarted',
  }),
  adminFind: endpoint<ErasureSubjectView>()({
    method: 'GET',
    path: '/platform/admin/erasure/person',
    query: adminFindQuery,
  }),
  adminErase: endpoint<ErasureView>()({
    method: 'POST',
    path: '/platform/admin/erasure',
    body: adminEraseInput,
    done: 'privacy:erasureStarted',
  }),
  adminList: endpoint<ErasureView[]>()({ method: 'GET', path: '/platform/admin/erasure' }),
};
