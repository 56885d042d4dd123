/**
 * The payment configuration tests' harness, conferences and calls (configRules, configSecrets): one
 * per test file. The bindings are live, set by usePayConferences()'s beforeAll in the file that
 * calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { call } from '../registration/helpers';

/** Starts this file's harness before its tests and stops it after. */
export function usePayConferences(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    cid = await h.provision(contractSite({ slug: 'pay', domains: [host] }));
    other = await h.provision(contractSite({ slug: 'pay-other', domains: [otherHost] }));
    manager = await h.login({ email: 'pay-boss@example.org', conferenceId: cid, roles: ['manager'] });
    attendee = await h.login({ email: 'pay-attendee@example.org', conferenceId: cid, roles: ['attendee'] });
    otherManager = await h.login({ email: 'pay-other-boss@example.org', conferenceId: other, roles: ['manager'] });
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let cid: number;
export let other: number;
export let manager: string;
export let attendee: string;
export let otherManager: string;
export const host = 'pay.localhost';
export const otherHost = 'pay-other.localhost';
export const CONFIG = '/conference/platform/config/pay';

export const save = (body: object, token = manager) => call(h, host, 'post', CONFIG, { token, body });
export const rows = async () => ({
  settings: await h.db('payment_settings').where({ conference_id: cid }),
  methods: await h.db('payment_methods').where({ conference_id: cid }).orderBy('method'),
});
