/**
 * What a conference's mails say of it: its name in both languages, the address its links start
 * with, and its time zone (for the times they state). Built from the site snapshot; every feature
 * that writes mails (orders, hotels, submissions, review) gets it here.
 */
import { conferenceOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import type { Bilingual } from '../../platform/site';
import type { SiteService } from '../sites/index';

export type MailSite = { name: Bilingual; url: string; timeZone: string };

/** The conference's mail site; null for a conference that has no site (it was deleted). */
export async function mailSiteOf(
  sites: Pick<SiteService, 'snapshot'>,
  links: PublicUrlConfig,
  conferenceId: number,
): Promise<MailSite | null> {
  const site = await sites.snapshot(conferenceId);
  if (!site) return null;
  return { name: site.config.conferenceName, url: conferenceOrigin(links, site), timeZone: site.conference.timeZone };
}

/** The same as a service (`deps.mailSites`), for the features that are handed it. */
export class MailSites {
  constructor(
    private readonly sites: Pick<SiteService, 'snapshot'>,
    private readonly links: PublicUrlConfig,
  ) {}

  mailSite(conferenceId: number): Promise<MailSite | null> {
    return mailSiteOf(this.sites, this.links, conferenceId);
  }
}
