/**
 * The orders feature's CPU tasks, run in the worker pool (server/workerTasks.ts gathers them):
 * pure functions of plain data, no database, no request (issue 30).
 */
import type { ComputeTask } from '../../platform/work/types';
import { readStatement } from './statementRead';

export const tasks = {
  /** the bank statement's CSV → its rows, read and hashed, or a refusal's message key */
  'orders.readStatement': readStatement,
} satisfies Record<string, ComputeTask<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
