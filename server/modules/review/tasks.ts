/**
 * The review feature's CPU tasks, run in the worker pool (server/workerTasks.ts gathers them):
 * pure functions of plain data, no database, no request (issue 30).
 */
import type { ComputeTask } from '../../platform/work/types';
import { readReviewerSheet } from './reviewers/import';

export const tasks = {
  /** the reviewers' .xlsx → its rows checked by the contract, or a refusal's message key */
  'review.readReviewerSheet': readReviewerSheet,
} satisfies Record<string, ComputeTask<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
