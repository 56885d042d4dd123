/**
 * The conference a request is for, as every request sees it (the site snapshot the tenant
 * middleware sets on req.ctx). The sites feature builds and caches it; the platform only reads it.
 */
import type { WebsiteConfigValues } from '../contract/siteConfig';
import type { Bilingual } from '../contract/bilingual';

export type { Bilingual };

/**
 * The website configuration as the site uses it: what the managers edit (the shape the contract's
 * website-config schema gives, so the two never drift apart), plus what they do not edit there —
 * the conference's name, the exterior in use, and the version of the public content.
 */
export type WebsiteConfig = WebsiteConfigValues & {
  conferenceName: Bilingual;
  exteriorId: number | null;
  contentVersion: number;
};

export type ConferenceInfo = {
  id: number;
  slug: string;
  status: string;
  /** the maintenance switch (spec 8 'Under Maintenance'): pages for its staff only (platform/maintenance.ts) */
  maintenance?: boolean;
  registerFlag: boolean;
  registerNum: number;
  timeZone: string;
};

/** Everything about a conference that every request needs; cached per conference. */
export type SiteSnapshot = {
  conference: ConferenceInfo;
  config: WebsiteConfig;
  modules: Record<string, boolean>;
  primaryDomain: string | null;
};
