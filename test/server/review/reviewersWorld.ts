/**
 * The reviewer management tests' harness and two sites (reviewersAdd, reviewersRoles): one set per
 * test file. The bindings are live, set by useReviewerSites()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits } from '../../helpers/concurrency';
import { callConference, type CallSite } from '../submissions/helpers';
import { type ReviewerList } from '../../../server/contract/reviewers';
import { BASE, call, ok } from './reviewerHelpers';

/** Starts this file's harness and sites before its tests and stops it after. */
export function useReviewerSites(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ 'reviewers:': 100_000 }) });
    site = await callConference(h, 'rv-manage');
    other = await callConference(h, 'rv-other');
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let site: CallSite;
export let other: CallSite;

export const list = async (s = site) => ok<ReviewerList>(await call(h, s.host, 'get', BASE, { token: s.manager }));
