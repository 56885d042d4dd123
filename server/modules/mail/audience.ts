/**
 * Who has interacted with a conference themselves, for the mail gate (gate.ts): asked of the
 * features that own those facts through their front doors' `knownPeople` (accounts: signed in or
 * created it; registration: registered themselves; feedback: wrote feedback), in slices so a list
 * of thousands stays one short query per slice.
 */
import type { Db } from '../../db/index';
import type { KnownPeople } from '../../platform/feature';
import { isPublished, type SiteService } from '../sites/index';
import type { MailAudience } from './gate';

const SLICE = 500;

export function conferenceAudience(db: Db, sites: SiteService, lookups: readonly KnownPeople[]): MailAudience {
  return {
    async published(conferenceId) {
      const site = await sites.snapshot(conferenceId);
      return site !== null && isPublished(site);
    },
    async known(conferenceId, emails) {
      const known = new Set<string>();
      for (let i = 0; i < emails.length; i += SLICE) {
        const slice = emails.slice(i, i + SLICE);
        for (const lookup of lookups) {
          const left = slice.filter((e) => !known.has(e));
          if (left.length) for (const e of await lookup(db, conferenceId, left)) known.add(e);
        }
      }
      return known;
    },
  };
}
