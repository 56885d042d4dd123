/**
 * The page rules tests' world and calls (rulesNewPages, rulesEditing): one per test file. `w` is a
 * live binding, set by usePagesWorld()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import {} from '../../helpers/http';
import { pagesWorld, type PagesWorld } from './setup';

/** Starts this file's harness before its tests and stops it after. */
export function usePagesWorld(): void {
  beforeAll(async () => {
    w = await pagesWorld();
  });
  afterAll(() => w?.stop());
}

export let w: PagesWorld;

export const save = (body: Record<string, unknown>) => w.call('post', '/conference/page/save', { body });
export const row = (id: number) => w.h.db('pages').where({ id }).first();

export async function expectRefused(body: Record<string, unknown>, message: string, field?: string, status = 400) {
  const before = await w.h.db('pages').count({ n: '*' }).first();
  const res = await save(body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
  if (field) expect(res.body.field).toBe(field);
  expect(await w.h.db('pages').count({ n: '*' }).first()).toEqual(before);
}
