/** Route input parsing: the first failing field becomes a 400 with its message key. */
import type { ZodType } from 'zod';
import { badRequest } from './errors';

export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // Schemas give message keys (e.g. 'emailFormatError'); zod's own texts fall back to a generic key.
  // A key may carry its catalog's namespace: 'files:kindInvalid'.
  const key = /^([a-zA-Z]+:)?[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)*$/.test(issue.message)
    ? issue.message
    : 'commonMsg.invalidInput';
  throw badRequest(key, issue.path.join('.') || undefined);
}
