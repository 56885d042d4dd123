/**
 * AppError carries an HTTP status, the envelope code and an i18n message key; the error handler
 * turns it into `{code, message, data}`. Handlers throw, they never format errors themselves.
 */
import type { Response } from 'express';

/** What a refusal may name besides its status and message: the field, an envelope code other than the status, the message's placeholders. */
export type AppErrorOptions = {
  /** the form field the message belongs to */
  field?: string;
  /** the envelope's `code`, when it is not the HTTP status */
  code?: number;
  /** values for the message's placeholders ('please input {{title}}') */
  params?: Record<string, string>;
};

export class AppError extends Error {
  readonly field?: string;
  readonly code: number;
  readonly params?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly messageKey: string,
    options: AppErrorOptions = {},
  ) {
    super(messageKey);
    this.field = options.field;
    this.code = options.code ?? status;
    this.params = options.params;
  }
}

/** One refused field of a form: its path, the message key and its placeholders' values. */
export type FieldProblem = { field: string; message: string; params?: Record<string, string> };

/**
 * Every problem of a form at once (a field each), so the person fixes them in one go, not one per
 * try. The envelope names the first as `message`/`field` (as any refusal) and lists all in `fields`.
 */
export class FieldProblems extends AppError {
  constructor(
    readonly problems: FieldProblem[],
    status = 400,
  ) {
    super(status, problems[0].message, { field: problems[0].field, params: problems[0].params });
  }
}

export const badRequest = (messageKey: string, field?: string) => new AppError(400, messageKey, { field });
export const unauthorized = () => new AppError(401, 'signInErrorMsg');
export const forbidden = () => new AppError(403, 'commonMsg.forbidden');
export const notFound = (messageKey = 'commonMsg.notFound') => new AppError(404, messageKey);
export const tooManyRequests = () => new AppError(429, 'commonMsg.tooManyRequests');

export type Envelope<T> = {
  code: number;
  message: string;
  data: T;
  field?: string;
  params?: Record<string, string>;
  fields?: FieldProblem[];
};

export function sendOk<T>(res: Response, data: T, message = 'success'): void {
  const body: Envelope<T> = { code: 200, message, data };
  res.json(body);
}
