/** The website config as the spec's clients read it (section 3 "Website config"). */
import type { Lang } from '../../contract/enums';
import type { PublicWebsiteConfig } from '../../contract/sites';
import type { TokenClaims } from '../../platform/session';
import { textIn } from '../../contract/bilingual';
import { feedbackTypeIn } from '../../contract/siteConfig';
import type { SiteSnapshot } from './types';

export function absoluteUrl(origin: string, url: string): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return origin + (url.startsWith('/') ? url : `/${url}`);
}

export function presentWebsiteConfig(site: SiteSnapshot, lang: Lang, origin: string): PublicWebsiteConfig {
  const c = site.config;
  return {
    conferenceId: site.conference.id,
    conferenceName: textIn(c.conferenceName, lang),
    languageType: c.languageType,
    lang,
    templateZhHomePageId: c.templateZhHomePageId,
    templateEnHomePageId: c.templateEnHomePageId,
    banner: c.banner,
    firstTitle: textIn(c.firstTitle, lang),
    secondTitle: textIn(c.secondTitle, lang),
    thirdTitle: textIn(c.thirdTitle, lang),
    shortTitle: textIn(c.shortTitle, lang),
    websiteRecordNumber: c.websiteRecordNumber,
    exteriorId: c.exteriorId,
    homePageUrl: site.primaryDomain ? origin.replace(/\/\/[^/:]+/, `//${site.primaryDomain}`) : origin,
    department: textIn(c.department, lang),
    disciplineId: c.disciplineId,
    startDate: c.startDate,
    endDate: c.endDate,
    city: textIn(c.city, lang),
    venue: textIn(c.venue, lang),
    contacts: c.contacts,
    feedbackTypes: c.feedbackTypes.map((type) => feedbackTypeIn(type, lang)),
    conference: {
      id: site.conference.id,
      status: site.conference.status,
      registerFlag: site.conference.registerFlag,
      registerNum: site.conference.registerNum,
      coverImageUrl: c.coverImageUrl,
    },
  };
}

/**
 * What template scripts receive in onTemplateReady (spec 2.4): banner and cover absolute,
 * registerConfigBasic left out, userInfo only when logged in.
 */
export function templateReadyConfig(site: SiteSnapshot, lang: Lang, origin: string, user: TokenClaims | null) {
  const config = presentWebsiteConfig(site, lang, origin);
  return {
    ...config,
    banner: absoluteUrl(origin, config.banner),
    conference: { ...config.conference, coverImageUrl: absoluteUrl(origin, config.conference.coverImageUrl) },
    ...(user ? { userInfo: { id: user.id, trueName: user.trueName, umtId: user.umtId, cstnetId: user.cstnetId } } : {}),
  };
}
