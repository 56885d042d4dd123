/**
 * The one domain rule (server/modules/sites/domainRule.ts) under the operator's other layouts:
 * conferences under the platform host itself, or the platform host under SITE_DOMAIN.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { judgeDomain, type DomainHosts } from '../../../server/modules/sites/domainRule';

let h: Harness;
let owner: number;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  owner = await h.provision(contractSite({ slug: 'taken', domains: ['taken.conf.example.org', 'own.example.net'] }));
  // As the demo conference answers at `localhost` (= SITE_DOMAIN) in development.
  await h.provision(contractSite({ slug: 'apex', domains: ['apex.example', 'localhost'] }));
});
afterAll(() => h?.stop());

const judge = async (
  hosts: DomainHosts,
  domain: string,
  opts: { conferenceId?: number | null; outsideAllowed?: boolean } = {},
) => {
  const verdict = await judgeDomain(h.db, hosts, {
    domain,
    conferenceId: opts.conferenceId ?? null,
    outsideAllowed: opts.outsideAllowed ?? false,
  });
  return verdict.ok ? verdict.domain : verdict.reason;
};

test('conferences as sub-domains of the platform host: the operator chose it, the platform host itself and its parents stay reserved', async () => {
  const hosts = { siteDomain: 'conf.example.org', platformHost: 'conf.example.org' };
  expect(await judge(hosts, 'icsd-2028.conf.example.org')).toBe('icsd-2028.conf.example.org');
  expect(await judge(hosts, 'conf.example.org')).toBe('reserved');
  expect(await judge(hosts, 'example.org', { outsideAllowed: true })).toBe('reserved');
  expect(await judge(hosts, 'www.conf.example.org')).toBe('reserved');
  expect(await judge(hosts, 'taken.conf.example.org')).toBe('taken');
  expect(await judge(hosts, 'a.taken.conf.example.org')).toBe('nested');
  expect(await judge(hosts, 'a.taken.conf.example.org', { conferenceId: owner })).toBe('a.taken.conf.example.org');
});

test('the platform host under SITE_DOMAIN: its name and everything under it are reserved', async () => {
  const hosts = { siteDomain: 'example.org', platformHost: 'meetings.example.org' };
  expect(await judge(hosts, 'meetings.example.org')).toBe('reserved');
  expect(await judge(hosts, 'admin.meetings.example.org')).toBe('reserved');
  expect(await judge(hosts, 'icsd-2028.example.org')).toBe('icsd-2028.example.org');
  expect(await judge(hosts, 'org', { outsideAllowed: true })).toBe('invalid');
});

test('a conference holding SITE_DOMAIN itself (the demo at localhost) does not own the names under it', async () => {
  expect(await judge({ siteDomain: 'localhost', platformHost: 'platform.localhost' }, 'e2e-conf.localhost')).toBe(
    'e2e-conf.localhost',
  );
  expect(await judge({ siteDomain: 'apex.example', platformHost: 'platform.example' }, 'icsd.apex.example')).toBe(
    'icsd.apex.example',
  );
  expect(await judge({ siteDomain: 'apex.example', platformHost: 'platform.example' }, 'apex.example')).toBe(
    'reserved',
  );
});

test('outside names: only when allowed; never above or under another conference', async () => {
  const hosts = { siteDomain: 'localhost', platformHost: 'platform.localhost' };
  expect(await judge(hosts, 'conf.example.com')).toBe('outside');
  expect(await judge(hosts, 'conf.example.com', { outsideAllowed: true })).toBe('conf.example.com');
  expect(await judge(hosts, 'example.net', { outsideAllowed: true })).toBe('nested');
  expect(await judge(hosts, 'www.own.example.net', { outsideAllowed: true })).toBe('nested');
  expect(await judge(hosts, 'www.own.example.net', { conferenceId: owner })).toBe('www.own.example.net');
});
