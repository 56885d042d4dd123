/**
 * The one rule for the names a conference may answer at: used when a conference is created
 * (server/modules/conferences) and when a domain is added to one (domain/add,
 * server/modules/sites/config). A name is refused when it is
 *
 * - not a host name (`invalid`);
 * - the platform host, one of its sub-domains, or one of its parents; SITE_DOMAIN itself or one of
 *   its parents; or a reserved label (www, admin, api, mail, ...) under SITE_DOMAIN (`reserved`).
 *   A conference on such a name would run its managers' scripts on the platform's own names, or
 *   could set cookies that every conference (or the platform) receives;
 * - any conference's already (`taken`);
 * - a sub-domain of another conference's domain, or a parent of one (`nested`): its owner would be
 *   squatted, or could set cookies for it;
 * - under SITE_DOMAIN, anything but one label of 3–40 lowercase letters, digits or hyphens (the
 *   subdomain rule of conference creation), unless under a domain of the same conference
 *   (`subdomain`): `a.b.<SITE_DOMAIN>` would squat the conference that later takes `b`;
 * - outside SITE_DOMAIN, unless the caller may claim outside names (`outside`): only a super admin,
 *   on the platform host. Such a name is only reached through DNS the platform operator controls,
 *   and a manager claiming one could squat a real organisation's name. Sub-domains of a
 *   conference's own outside domains are that conference's to add.
 *
 * When SITE_DOMAIN is the platform host or lies under it (conferences at `<slug>.<platform host>`),
 * that choice of the operator wins over the platform-host rule for names under SITE_DOMAIN.
 */
import { domainToASCII } from 'node:url';
import type { Knex } from 'knex';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../contract/conferences';
import { isHostName } from '../../contract/siteConfig';
import { domainTaken, holdersOfDomains, holdersOfDomainsUnder } from './conferenceRecordRepo';

export type DomainHosts = { siteDomain: string; platformHost: string };

/** The two host names the rule depends on, from the configuration. */
export function domainHosts(config: { SITE_DOMAIN: string; PLATFORM_HOST: string }): DomainHosts {
  return { siteDomain: config.SITE_DOMAIN, platformHost: config.PLATFORM_HOST };
}

export type DomainClaim = {
  /** the name as typed */
  domain: string;
  /** the conference that asks; null at creation */
  conferenceId: number | null;
  /** whether names outside SITE_DOMAIN may be claimed (a super admin on the platform host) */
  outsideAllowed: boolean;
};

export type DomainRefusal = 'invalid' | 'reserved' | 'taken' | 'nested' | 'subdomain' | 'outside';

export type DomainVerdict = { ok: true; domain: string } | { ok: false; reason: DomainRefusal };

/** The subdomain slug of a name that is one label under SITE_DOMAIN, else null. */
export function slugUnder(domain: string, siteDomain: string): string | null {
  if (!domain.endsWith(`.${siteDomain}`)) return null;
  const label = domain.slice(0, -siteDomain.length - 1);
  return label.includes('.') ? null : label;
}

/** The message key of each refusal, the same in every namespace that shows one. */
export const DOMAIN_REFUSAL_KEYS: Record<DomainRefusal, string> = {
  invalid: 'domainInvalid',
  reserved: 'domainReserved',
  taken: 'domainTaken',
  nested: 'domainNested',
  subdomain: 'domainSubdomain',
  outside: 'domainOutside',
};

type Conn = Knex | Knex.Transaction;

/** Lower case, no scheme, path, port or trailing dot; Unicode names in their ASCII form. Null when not a host name. */
export function normaliseDomain(raw: string): string | null {
  const trimmed = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed || /[\s/:@?#\\]/.test(trimmed)) return null;
  const ascii = domainToASCII(trimmed);
  return ascii && isHostName(ascii) ? ascii : null;
}

/** `name` is `parent` or one of its sub-domains. */
export function isAtOrUnder(name: string, parent: string): boolean {
  return name === parent || name.endsWith(`.${parent}`);
}

/** The proper parents of a name: a.b.c.org → b.c.org, c.org, org. */
function parentsOf(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
}

/** Decides whether the claim may be granted; reads the domains table, changes nothing. */
export async function judgeDomain(db: Conn, hosts: DomainHosts, claim: DomainClaim): Promise<DomainVerdict> {
  const refuse = (reason: DomainRefusal): DomainVerdict => ({ ok: false, reason });
  const domain = normaliseDomain(claim.domain);
  if (!domain) return refuse('invalid');
  const siteDomain = hosts.siteDomain.toLowerCase();
  const platformHost = hosts.platformHost.toLowerCase().replace(/:\d+$/, '');

  const underSite = domain.endsWith(`.${siteDomain}`);
  // Conferences as sub-domains of the platform host are the operator's choice (see above).
  const siteUnderPlatform = isAtOrUnder(siteDomain, platformHost);
  if (domain === platformHost || isAtOrUnder(platformHost, domain) || isAtOrUnder(siteDomain, domain))
    return refuse('reserved');
  if (domain.endsWith(`.${platformHost}`) && !(underSite && siteUnderPlatform)) return refuse('reserved');
  const labels = underSite ? domain.slice(0, -siteDomain.length - 1).split('.') : [];
  if (underSite && (RESERVED_SLUGS as readonly string[]).includes(labels[labels.length - 1])) return refuse('reserved');

  if (await domainTaken(db, domain)) return refuse('taken');
  // Parents of the name that are domains, and domains under the name, with their conferences.
  // SITE_DOMAIN, the platform host and their parents are the platform's, whoever holds them (the
  // demo conference answers at `localhost` in development): the rules above judge those.
  const platformNames = (p: string) => isAtOrUnder(siteDomain, p) || isAtOrUnder(platformHost, p);
  const parents = await holdersOfDomains(
    db,
    parentsOf(domain).filter((p) => !platformNames(p)),
  );
  const children = await holdersOfDomainsUnder(db, domain);
  const others = (holders: number[]) => holders.some((id) => id !== claim.conferenceId);
  if (others(parents) || others(children)) return refuse('nested');
  const underOwn = parents.length > 0;

  if (underSite)
    return (labels.length === 1 && SLUG_PATTERN.test(labels[0])) || underOwn
      ? { ok: true, domain }
      : refuse('subdomain');
  return underOwn || claim.outsideAllowed ? { ok: true, domain } : refuse('outside');
}
