/**
 * The menu editor tests' harness and shared helpers (editorSave, editorMoves): one harness per test
 * file. `h` is a live binding, set by useEditorHarness()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';

/** Starts this file's harness before its tests and stops it after. */
export function useEditorHarness(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
  });
  afterAll(() => h?.stop());
}

export let h: Harness;

export const START = ['首页', ['会议', ['关于']], '外部'];

export async function expectError(
  res: { status: number; body: { code: number; message: string; field?: string } },
  status: number,
  message: string,
  field?: string,
) {
  expect({
    status: res.status,
    code: res.body.code,
    message: res.body.message,
    ...(field ? { field: res.body.field } : {}),
  }).toEqual({ status, code: status, message, ...(field ? { field } : {}) });
}
