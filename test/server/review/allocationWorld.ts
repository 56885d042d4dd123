/**
 * The allocation tests' harness and calls (allocationOneClick, allocationManual): one harness per
 * test file. `h` is a live binding, set by useAllocationHarness()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import type { CallSite } from '../submissions/helpers';
import type { AllocationPreview } from '../../../server/contract/allocation';
import { ALLOCATION, call, ok } from './reviewHelpers';

/** Starts this file's harness before its tests and stops it after. */
export function useAllocationHarness(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
  });
  afterAll(() => h?.stop());
}

export let h: Harness;

export const post = (site: CallSite, path: string, body: object, lang: 'zh' | 'en' = 'zh', token = site.manager) =>
  call(h, site.host, 'post', `${ALLOCATION}${path}`, { token, body, lang });
export const preview = async (site: CallSite, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  ok<AllocationPreview>(await post(site, '/preview', body, lang));
export const apply = (site: CallSite, p: AllocationPreview) =>
  post(site, '/apply', { seed: p.seed, keepCurrent: p.keepCurrent, token: p.token });
