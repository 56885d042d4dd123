/**
 * The rules of the public site: which conference a host is, the cached snapshot of its config,
 * which page a request shows (home page per language, mobile variant) and its template chain.
 */
import type { Db } from '../../db/index';
import { CONFERENCE_STATUS, LANGUAGE_TYPE, type Lang, type LanguageType } from '../../contract/enums';
import { parseFeedbackTypes, type DisciplineNode } from '../../contract/siteConfig';
import { parseJson } from '../../db/dialect';
import type { PageCache } from '../../platform/pageCache';
import type { InvalidationBus } from '../../platform/cache';
import { isStaff } from '../../platform/access';
import { AppError, notFound } from '../../platform/errors';
import * as repo from './repo';
import { buildMenuTree } from './menu';
import type { Bilingual, MenuNode, PageChain, PageRow, SiteSnapshot, WebsiteConfig } from './types';
import { zhOrEn } from '../../contract/bilingual';

type Row = Record<string, unknown>;

function pair(row: Row, name: string): Bilingual {
  return { zh: String(row[`${name}_zh`] ?? ''), en: String(row[`${name}_en`] ?? '') };
}

function toWebsiteConfig(row: Row): WebsiteConfig {
  const languageType = String(row.language_type) as LanguageType;
  return {
    conferenceName: pair(row, 'conference_name'),
    firstTitle: pair(row, 'first_title'),
    secondTitle: pair(row, 'second_title'),
    thirdTitle: pair(row, 'third_title'),
    shortTitle: pair(row, 'short_title'),
    department: pair(row, 'department'),
    city: pair(row, 'city'),
    venue: pair(row, 'venue'),
    registerLabel: pair(row, 'register_label'),
    languageType: Object.values(LANGUAGE_TYPE).includes(languageType) ? languageType : LANGUAGE_TYPE.bilingual,
    banner: String(row.banner ?? ''),
    coverImageUrl: String(row.cover_image_url ?? ''),
    websiteRecordNumber: String(row.website_record_number ?? ''),
    exteriorId: (row.exterior_id as number | null) ?? null,
    templateZhHomePageId: (row.template_zh_home_page_id as number | null) ?? null,
    templateEnHomePageId: (row.template_en_home_page_id as number | null) ?? null,
    disciplineId: (row.discipline_id as number | null) ?? null,
    startDate: (row.start_date as string | null) ?? null,
    endDate: (row.end_date as string | null) ?? null,
    contacts: String(row.contacts ?? ''),
    feedbackTypes: parseFeedbackTypes(parseJson<unknown>(row.feedback_types as string | null, [])),
    contentVersion: Number(row.content_version ?? 1),
  };
}

export class SiteService {
  private readonly hostCache = new Map<string, { conferenceId: number | null; at: number }>();
  private readonly snapshots = new Map<number, SiteSnapshot>();

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    /** the app's page cache, where the app pages inside the site's template keep their shared part */
    readonly pageCache?: PageCache,
  ) {
    bus.onDrop((conferenceId) => {
      this.snapshots.delete(conferenceId);
      for (const [host, entry] of this.hostCache)
        if (entry.conferenceId === conferenceId || entry.conferenceId === null) this.hostCache.delete(host);
    });
    bus.onNoticesMissed(() => {
      this.snapshots.clear();
      this.hostCache.clear();
    });
  }

  /** Unknown hosts are remembered for a short while so a scan of bad hosts does not hit the database. */
  async conferenceIdForHost(host: string): Promise<number | null> {
    const cached = this.hostCache.get(host);
    if (cached && (cached.conferenceId !== null || Date.now() - cached.at < 30_000)) return cached.conferenceId;
    const conferenceId = await repo.conferenceIdForDomain(this.db, host);
    if (this.hostCache.size > 10_000) this.hostCache.clear();
    this.hostCache.set(host, { conferenceId, at: Date.now() });
    return conferenceId;
  }

  /** Cache-only lookups for the fast path: undefined means "ask the app". */
  knownConferenceIdForHost(host: string): number | null | undefined {
    return this.hostCache.get(host)?.conferenceId;
  }

  knownSnapshot(conferenceId: number): SiteSnapshot | undefined {
    return this.snapshots.get(conferenceId);
  }

  async snapshot(conferenceId: number): Promise<SiteSnapshot | null> {
    const cached = this.snapshots.get(conferenceId);
    if (cached) return cached;
    const [conference, configRow, modules, domain] = await Promise.all([
      repo.findConference(this.db, conferenceId),
      repo.findWebsiteConfig(this.db, conferenceId),
      repo.moduleFlags(this.db, conferenceId),
      repo.primaryDomain(this.db, conferenceId),
    ]);
    if (!conference || !configRow) return null;
    const snapshot: SiteSnapshot = {
      conference: {
        id: conference.id,
        slug: conference.slug,
        status: String(conference.status),
        registerFlag: Boolean(conference.register_flag),
        registerNum: Number(conference.register_num),
        timeZone: conference.time_zone,
        maintenance: Boolean(conference.maintenance),
      },
      config: toWebsiteConfig(configRow),
      modules: { register: true, ...modules },
      primaryDomain: domain?.domain ?? null,
    };
    this.snapshots.set(conferenceId, snapshot);
    return snapshot;
  }

  /** Call after any edit of a conference's public inputs: drops caches here and on every instance. */
  async siteChanged(conferenceId: number): Promise<void> {
    await repo.bumpContentVersion(this.db, conferenceId);
    await this.bus.conferenceChanged(conferenceId);
  }

  homePageId(site: SiteSnapshot, lang: Lang): number | null {
    return lang === 'en' ? site.config.templateEnHomePageId : site.config.templateZhHomePageId;
  }

  /** The page to show for a request: a PAGE of this conference, its mobile variant on phones. */
  async pageForRequest(conferenceId: number, pageId: number, mobile: boolean): Promise<PageRow | null> {
    const page = await repo.findPage(this.db, conferenceId, pageId);
    if (!page || page.type !== 'PAGE') return null;
    if (mobile && !page.is_mobile && page.related_mobile_page_id) {
      const variant = await repo.findPage(this.db, conferenceId, page.related_mobile_page_id);
      // The variant answers for its desktop page: same address, so the same counterpart.
      if (variant && variant.type === 'PAGE')
        return { ...variant, counterpart_page_id: page.counterpart_page_id ?? null };
    }
    return page;
  }

  async mobileVariant(conferenceId: number, pageId: number): Promise<PageRow | null> {
    return this.pageForRequest(conferenceId, pageId, true);
  }

  /** The page with its template and that template's common template (spec 2.4 steps 1–2). */
  async pageChain(conferenceId: number, page: PageRow): Promise<PageChain> {
    const direct = page.template_id ? await this.templateOf(conferenceId, page.template_id) : null;
    // A page may sit directly in a common template, with no page template between.
    if (direct?.template_kind === 'common') return { page, template: null, common: direct };
    const common = direct?.template_id ? await this.templateOf(conferenceId, direct.template_id) : null;
    return {
      page,
      template: direct,
      common: common && common.id !== direct?.id && common.template_kind !== 'page' ? common : null,
    };
  }

  /**
   * A page of the app (e.g. /resetPassword) shown inside the site's templates: the page template
   * marked default for this device, else the one the home page uses.
   */
  async appPageChain(site: SiteSnapshot, lang: Lang, mobile: boolean, name: string, html: string): Promise<PageChain> {
    const templates = await repo.pageTemplates(this.db, site.conference.id);
    const wanted = mobile ? ['mobile', 'both'] : ['pc', 'both'];
    let template = templates.find((t) => wanted.includes(t.default_for ?? ''));
    if (!template) {
      const homeId = this.homePageId(site, lang);
      const home = homeId ? await this.pageForRequest(site.conference.id, homeId, mobile) : null;
      template = templates.find((t) => t.id === home?.template_id);
    }
    // Not a stored page: no appearance, language, stylesheet or phone variant of its own.
    const page: PageRow = {
      id: 0,
      conference_id: site.conference.id,
      exterior_id: null,
      type: 'PAGE',
      template_kind: null,
      name,
      lang: null,
      html,
      css: null,
      css_path: null,
      template_id: template?.id ?? null,
      is_mobile: false,
      related_mobile_page_id: null,
      default_for: null,
      need_to_login: false,
    };
    return this.pageChain(site.conference.id, page);
  }

  private async templateOf(conferenceId: number, id: number): Promise<PageRow | null> {
    const row = await repo.findPage(this.db, conferenceId, id);
    return row && row.type === 'TEMPLATE' ? row : null;
  }

  async publishedMenu(conferenceId: number, lang: Lang): Promise<MenuNode[]> {
    return buildMenuTree(await repo.menuRows(this.db, conferenceId, lang, true));
  }

  /** The published conferences, for the platform's home page. */
  async publishedConferences(lang: Lang, scheme: string, platformHostWithPort: string) {
    const port = /:\d+$/.exec(platformHostWithPort)?.[0] ?? '';
    const rows = await repo.publishedConferences(this.db);
    return rows.map((r) => ({
      name: zhOrEn(r.conference_name_zh, r.conference_name_en, lang),
      url: `${scheme}${r.domain}${port}/`,
      dates: r.start_date && r.end_date ? `${r.start_date} — ${r.end_date}` : '',
    }));
  }

  async disciplineList(lang: Lang): Promise<DisciplineNode[]> {
    const rows = await repo.disciplines(this.db);
    const nodes = new Map<number, DisciplineNode>();
    for (const r of rows)
      nodes.set(r.id, { id: r.id, code: r.code, name: lang === 'en' ? r.name_en : r.name_zh, children: [] });
    const roots: DisciplineNode[] = [];
    for (const r of rows) (r.parent_id ? nodes.get(r.parent_id)?.children : roots)?.push(nodes.get(r.id)!);
    return roots;
  }
}

export function isPublished(site: SiteSnapshot): boolean {
  return site.conference.status === CONFERENCE_STATUS.published;
}

/**
 * The unpublished rule of the pages (spec 2.2 step 7) for a conference's calls: while it is not
 * published only its staff (managers, reviewers, super admins) may read or use them; everyone
 * else gets the pages' refusal. The platform host has no conference calls (404).
 */
export function assertOpenTo(site: SiteSnapshot | null | undefined, identity: Parameters<typeof isStaff>[0]): void {
  if (!site) throw notFound();
  if (!isPublished(site) && !isStaff(identity)) throw new AppError(403, 'commonMsg.unpublished');
}
