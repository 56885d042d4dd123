/**
 * The orders feature's CPU tasks, run in the worker pool (server/workerTasks.ts gathers them):
 * pure functions of plain data, no database, no request (issue 30).
 */
import type { ComputeTask } from '../../platform/work/types';
import { previewStatement, readStatement, readStatementFile } from './statementRead';

export const tasks = {
  /** the bank statement's CSV → its rows, read and hashed, or a refusal's message key */
  'orders.readStatement': readStatement,
  /** a statement file as the bank exported it (GBK/GB18030 or UTF CSV, .xlsx) → its rows, read and hashed */
  'orders.readStatementFile': readStatementFile,
  /** a statement file → its header and how it was read, for the mapping */
  'orders.previewStatement': previewStatement,
} satisfies Record<string, ComputeTask<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
