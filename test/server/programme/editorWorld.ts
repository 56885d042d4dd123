/**
 * The programme editor tests' harness, site and calls (editorGrid, editorConcurrency): one per test
 * file. The bindings are live, set by useEditorSite()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import type { EditorState, SaveAnswer } from '../../../server/contract/programmeEditor';
import { API, call, programmeSite, type ProgrammeSite } from './helpers';

/** Starts this file's harness before its tests and stops it after. */
export function useEditorSite(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    s = await programmeSite(h, 'prog-edit');
  }, 60_000);
  afterAll(() => h?.stop());
}

export let h: Harness;
export let s: ProgrammeSite;

export const state = async (site = s): Promise<EditorState> =>
  (await call(h, site.host, 'get', `${API}/state`, { token: site.manager }).expect(200)).body.data;
export const add = (body: object, site = s) =>
  call(h, site.host, 'post', `${API}/items`, { token: site.manager, body });
export const place = (item: { id: number; revision: number }, p: object, token = s.manager) =>
  call(h, s.host, 'post', `${API}/items/${item.id}/place`, { token, body: { revision: item.revision, ...p } });
export const ok = <T = SaveAnswer>(res: { body: { code: number; data: unknown } }): T => {
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as T;
};
