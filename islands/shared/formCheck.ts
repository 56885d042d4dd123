/**
 * A form's values once its rules pass, or null when one fails. antd's validateFields rejects when
 * a rule fails, after showing the messages under the fields; an `await` of it in a click handler
 * left that rejection unhandled ("Uncaught (in promise)" in the console on every failed check,
 * issue 32). Anything else that goes wrong is thrown as before.
 */
import type { FormInstance } from 'antd';

function isFailedCheck(err: unknown): boolean {
  return typeof err === 'object' && err !== null && Array.isArray((err as { errorFields?: unknown }).errorFields);
}

export async function checkedValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (isFailedCheck(err)) return null;
    throw err;
  }
}
