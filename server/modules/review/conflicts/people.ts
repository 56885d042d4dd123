/**
 * People reduced to comparable keys, once per call: the e-mail, the name with the institution,
 * the institution alone and the mail domain. Both conflict finders (scan.ts, pairs.ts) start here,
 * so they can only differ in how they search, never in what counts as a match.
 */
import { hostDomain, hostOf } from './domains';
import { normaliseOrganisation } from './organisations';
import { foldText, hasHan, nameKey } from './text';
import type { PaperPeople, Person } from './types';

export type Author = {
  index: number;
  keys: string[];
  org: string;
  domain: string | null;
  company: string;
  display: string;
};
/** An author's declaration: the e-mail as a key ('' for none) or the normalised institution ('' for none). */
export type Declared = { index: number; email: string; org: string; display: string };
export type Paper = {
  id: number;
  submitterUserId: number;
  submitterEmail: string;
  authors: Author[];
  declared: Declared[];
};
export type Me = { userId: number | null; email: string; keys: string[]; org: string; domain: string | null };

/** An e-mail as a key: trimmed and case-insensitive; '' (no e-mail given) never matches. */
export const emailKey = (email: string): string => foldText(email).trim();

/**
 * Who someone is: their e-mail, or their full name together with their institution (a name alone
 * is too common to identify anyone, so without an organisation only the e-mail counts).
 * Prefixed so that the two kinds never collide.
 */
function identityKeys(email: string, names: string[], org: string, orgId: number): string[] {
  const keys = email ? [`e:${email}`] : [];
  if (org) for (const name of names) if (name && !keys.includes(`n:${name}|${orgId}`)) keys.push(`n:${name}|${orgId}`);
  return keys;
}

export const sharesKey = (a: string[], b: string[]): boolean => a.some((k) => b.includes(k));

/**
 * A conference repeats a few hundred organisations and addresses thousands of times: each is
 * normalised once per call, and an institution is numbered so that name keys stay short.
 */
export function preparer() {
  const orgs = new Map<string, { org: string; id: number }>();
  const ids = new Map<string, number>();
  const org = (s: string) => {
    let found = orgs.get(s);
    if (!found) {
      const key = normaliseOrganisation(s);
      if (!ids.has(key)) ids.set(key, ids.size);
      orgs.set(s, (found = { org: key, id: ids.get(key)! }));
    }
    return found;
  };
  const hosts = new Map<string, string | null>();
  const address = (e: string) => {
    const email = emailKey(e);
    const host = hostOf(email);
    if (host === null) return { email, domain: null };
    if (!hosts.has(host)) hosts.set(host, hostDomain(host));
    return { email, domain: hosts.get(host)! };
  };

  const paper = (p: PaperPeople): Paper => ({
    id: p.id,
    submitterUserId: p.submitterUserId,
    submitterEmail: address(p.submitterEmail).email,
    authors: p.authors.map((a, index) => {
      const [given, family] = [nameKey(a.name), nameKey(a.surname)];
      const { org: institution, id } = org(a.company);
      const { email, domain } = address(a.email);
      // Either order: "San Zhang" on one paper is "Zhang San" on another.
      const keys = identityKeys(email, [given + family, family + given], institution, id);
      const display = hasHan(a.surname + a.name) ? `${a.surname}${a.name}`.trim() : `${a.name} ${a.surname}`.trim();
      return { index, keys, org: institution, domain, company: a.company.trim(), display };
    }),
    declared: (p.declared ?? []).map((d, index) => ({
      index,
      email: address(d.email).email,
      org: d.organisation.trim() ? org(d.organisation).org : '',
      display: [d.email.trim(), d.organisation.trim()].filter(Boolean).join(' · '),
    })),
  });

  const person = (p: Person): Me => {
    const { org: organisation, id } = org(p.organisation);
    const { email, domain } = address(p.email);
    return {
      userId: p.userId,
      email,
      org: organisation,
      domain,
      keys: identityKeys(email, [nameKey(p.name)], organisation, id),
    };
  };
  return { paper, person };
}

/** An author's declaration names this person: by their e-mail, or by their institution. */
export const declares = (d: Declared, me: Me): boolean =>
  (d.email !== '' && d.email === me.email) || (d.org !== '' && d.org === me.org);
