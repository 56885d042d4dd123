/**
 * The submissions endpoint map (the call's configuration, the author's side, the managers' desk
 * and the book) and the screens' addresses. No Node imports here: the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint, type Download } from './endpoint';
import {
  layoutInput,
  sessionInput,
  settingsInput,
  submissionFeeInput,
  TERM_KINDS,
  termInput,
  type ContributeConfig,
  type SubmissionFeeSettings,
} from './submissionConfig';
import {
  actionInput,
  downloadInput,
  manageQuery,
  positiveId,
  submissionInput,
  type AuthorPage,
  type BookState,
  type FileView,
  type HistoryEntry,
  type ManageDetail,
  type ManagePage,
  type SubmissionView,
} from './submissions';

const CONFIG = '/conference/platform/config/contribute';

const MANAGE = '/conference/platform/manage/contribute';
const idParam = z.object({ id: positiveId('submissions:notFound') });
const kindParam = z.object({
  kind: z.enum(TERM_KINDS, { message: 'submissions:notFound' }),
  id: positiveId('submissions:notFound'),
});
const kindOnly = z.object({ kind: z.enum(TERM_KINDS, { message: 'submissions:notFound' }) });

export const submissionsApi = {
  config: endpoint<ContributeConfig>()({ method: 'GET', path: CONFIG }),
  saveSettings: endpoint<ContributeConfig>()({
    method: 'PUT',
    path: `${CONFIG}/settings`,
    body: settingsInput,
    done: 'submissions:saved',
  }),
  saveLayout: endpoint<ContributeConfig>()({
    method: 'PUT',
    path: `${CONFIG}/layout`,
    body: layoutInput,
    done: 'submissions:saved',
  }),
  createSession: endpoint<ContributeConfig>()({
    method: 'POST',
    path: `${CONFIG}/sessions`,
    body: sessionInput,
    done: 'submissions:saved',
  }),
  updateSession: endpoint<ContributeConfig>()({
    method: 'PUT',
    path: `${CONFIG}/sessions/:id`,
    params: idParam,
    body: sessionInput,
    done: 'submissions:saved',
  }),
  removeSession: endpoint<ContributeConfig>()({
    method: 'DELETE',
    path: `${CONFIG}/sessions/:id`,
    params: idParam,
    done: 'submissions:deleted',
  }),
  createTerm: endpoint<ContributeConfig>()({
    method: 'POST',
    path: `${CONFIG}/terms/:kind`,
    params: kindOnly,
    body: termInput,
    done: 'submissions:saved',
  }),
  updateTerm: endpoint<ContributeConfig>()({
    method: 'PUT',
    path: `${CONFIG}/terms/:kind/:id`,
    params: kindParam,
    body: termInput,
    done: 'submissions:saved',
  }),
  removeTerm: endpoint<ContributeConfig>()({
    method: 'DELETE',
    path: `${CONFIG}/terms/:kind/:id`,
    params: kindParam,
    done: 'submissions:deleted',
  }),

  /** the author's page (spec 2.10 submission) */
  page: endpoint<AuthorPage>()({ method: 'GET', path: '/conference/submission/page' }),
  /** the author's submission fee: their open module order, or a new one (issue 32); then the payment page */
  payFee: endpoint<{ orderId: number }>()({
    method: 'POST',
    path: '/conference/submission/fee',
    done: 'submissions:feeOrdered',
  }),
  feeSettings: endpoint<SubmissionFeeSettings>()({ method: 'GET', path: `${CONFIG}/fee` }),
  saveFeeSettings: endpoint<SubmissionFeeSettings>()({
    method: 'PUT',
    path: `${CONFIG}/fee`,
    body: submissionFeeInput,
    done: 'submissions:saved',
  }),
  /** a file for the form before it is saved: `slot` says which rule (types, size) applies */
  upload: endpoint<FileView>()({
    method: 'POST',
    path: '/conference/submission/upload',
    query: z.object({ slot: z.enum(['abstractFile', 'fullTextFile'], { message: 'submissions:slotInvalid' }) }),
  }),
  submit: endpoint<{ id: number; number: string; redirect: string }>()({
    method: 'POST',
    path: '/conference/submission',
    body: submissionInput,
    done: 'submissions:submitted',
  }),
  mine: endpoint<{ submission: SubmissionView; history: HistoryEntry[] }>()({
    method: 'GET',
    path: '/conference/submission/:id',
    params: idParam,
  }),
  /** an edit while allowed, or the resubmission of a returned manuscript */
  update: endpoint<SubmissionView>()({
    method: 'PUT',
    path: '/conference/submission/:id',
    params: idParam,
    body: submissionInput,
    done: 'submissions:saved',
  }),
  withdraw: endpoint<SubmissionView>()({
    method: 'POST',
    path: '/conference/submission/:id/withdraw',
    params: idParam,
    done: 'submissions:withdrawn',
  }),
  /** the author's own file (their abstract or full-text file) */
  file: endpoint<Download>()({
    method: 'GET',
    path: '/conference/submission/:id/file/:slot',
    params: z.object({
      id: positiveId('submissions:notFound'),
      slot: z.enum(['abstractFile', 'fullTextFile'], { message: 'submissions:notFound' }),
    }),
  }),

  list: endpoint<ManagePage>()({ method: 'GET', path: MANAGE, query: manageQuery }),
  detail: endpoint<ManageDetail>()({ method: 'GET', path: `${MANAGE}/:id`, params: idParam }),
  act: endpoint<ManageDetail>()({
    method: 'POST',
    path: `${MANAGE}/:id/status`,
    params: idParam,
    body: actionInput,
    done: 'submissions:statusChanged',
  }),
  managerFile: endpoint<Download>()({
    method: 'GET',
    path: `${MANAGE}/:id/file/:slot`,
    params: z.object({
      id: positiveId('submissions:notFound'),
      slot: z.enum(['abstractFile', 'fullTextFile'], { message: 'submissions:notFound' }),
    }),
  }),
  download: endpoint<Download>()({ method: 'POST', path: `${MANAGE}/download`, body: downloadInput }),
  book: endpoint<BookState>()({ method: 'GET', path: `${MANAGE}/book` }),
  buildBook: endpoint<BookState>()({ method: 'POST', path: `${MANAGE}/book`, done: 'submissions:bookQueued' }),
};

/** The personal centre's and the management's screens. */
export const SUBMISSION_SCREENS = {
  author: '/profile/submission',
  authorDetail: '/profile/submission/details',
  manage: '/platform/manage/contribute',
  index: '/platform/submissionManage/index',
  detail: '/platform/submissionManage/submission/detail',
  contributeDetail: '/platform/submissionManage/contribute/detail',
  config: '/platform/config/contribute',
} as const;
