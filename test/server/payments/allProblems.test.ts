/**
 * The payment configuration refuses with everything it lacks at once (issue 32): the plans' missing
 * methods and every missing field of every method in a plan, each on its field (`fields` of the
 * envelope; the first is also `message`/`field`). Nothing is saved.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { call } from '../registration/helpers';
import { fullConfig } from './helpers';

let h: Harness;
let manager: string;
const host = 'pay-all.localhost';
const CONFIG = '/conference/platform/config/pay';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const cid = await h.provision(contractSite({ slug: 'pay-all', domains: [host] }));
  manager = await h.login({ email: 'pay-all-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

test('a hotel plan without methods and two unconfigured methods: every missing field in one answer', async () => {
  const config = fullConfig({ generalMethods: ['bankRemit', 'walletB'], hotelSeparate: true, hotelMethods: [] });
  config.methods = config.methods.map((m) =>
    m.method === 'bankRemit' ? { ...m, fields: { ...m.fields, account: '', bankName: '' } } : m,
  );
  const res = await call(h, host, 'post', CONFIG, { token: manager, body: config });
  expect(res.status).toBe(400);
  const fields = (res.body.fields as Array<{ field: string; message: string }>).map((f) => f.field);
  expect(fields).toContain('hotelMethods');
  expect(fields).toContain('bankRemit.account');
  expect(fields).toContain('walletB.merchantId');
  expect(fields.length).toBeGreaterThanOrEqual(4);
  expect(res.body.field).toBe(fields[0]);
  expect(new Set(fields).size).toBe(fields.length);
  expect(await h.db('payment_methods').count({ n: '*' }).first()).toMatchObject({ n: 0 });
});
