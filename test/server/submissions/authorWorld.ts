/**
 * The author tests' harness and site (authorSubmit, authorWindowAndEdits): one per test file. The
 * bindings are live, set by useAuthorSite()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { callConference, type CallSite } from './helpers';

/** Starts this file's harness and site before its tests and stops it after. */
export function useAuthorSite(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    site = await callConference(h, 'cfp-author');
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let site: CallSite;

export const count = async (cid = site.cid) =>
  Number(((await h.db('submissions').where({ conference_id: cid }).count({ n: '*' }).first()) as { n: number }).n);
