/**
 * The website configuration screen's rules: the editable config in both languages, its save
 * (one transaction, every reference checked against this conference), and the domains.
 */
import type { Db, Tx } from '../../../db/index';
import { parseJson } from '../../../db/dialect';
import { AppError, notFound } from '../../../platform/errors';
import {
  BILINGUAL_FIELDS,
  parseFeedbackTypes,
  type DomainItem,
  type WebsiteConfigValues,
  type WebsiteConfigView,
} from '../../../contract/siteConfig';
import { CONFERENCE_STATUS, LANGUAGE_TYPE, type LanguageType } from '../../../contract/enums';
import { DEFAULT_BANNER } from '../contract';
import type { SiteService } from '../service';
import { DOMAIN_REFUSAL_KEYS, isAtOrUnder, judgeDomain, type DomainHosts } from '../domainRule';
import { lockConference } from '../conferenceRecordRepo';
import { kindOfFile } from '../../files/index';
import * as repo from './repo';

type Row = Record<string, unknown>;

const COLUMN: Record<(typeof BILINGUAL_FIELDS)[number], string> = {
  conferenceName: 'conference_name',
  firstTitle: 'first_title',
  secondTitle: 'second_title',
  thirdTitle: 'third_title',
  shortTitle: 'short_title',
  department: 'department',
  city: 'city',
  venue: 'venue',
  registerLabel: 'register_label',
};

/** How many names under SITE_DOMAIN (at any depth) a conference may hold before it is published, its first one included. */
export const DRAFT_FREE_DOMAINS = 3;

const STORED_FILE = /^\/files\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/;

function toInput(row: Row): WebsiteConfigValues {
  const pairs = Object.fromEntries(
    BILINGUAL_FIELDS.map((f) => [
      f,
      { zh: String(row[`${COLUMN[f]}_zh`] ?? ''), en: String(row[`${COLUMN[f]}_en`] ?? '') },
    ]),
  );
  const languageType = String(row.language_type) as LanguageType;
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(pairs as Pick<WebsiteConfigValues, (typeof BILINGUAL_FIELDS)[number]>),
    banner: String(row.banner ?? ''),
    coverImageUrl: String(row.cover_image_url ?? ''),
    disciplineId: id(row.discipline_id),
    startDate: (row.start_date as string | null) ?? null,
    endDate: (row.end_date as string | null) ?? null,
    languageType: Object.values(LANGUAGE_TYPE).includes(languageType) ? languageType : LANGUAGE_TYPE.bilingual,
    contacts: String(row.contacts ?? ''),
    websiteRecordNumber: String(row.website_record_number ?? ''),
    templateZhHomePageId: id(row.template_zh_home_page_id),
    templateEnHomePageId: id(row.template_en_home_page_id),
    feedbackTypes: parseFeedbackTypes(parseJson<unknown>(row.feedback_types as string | null, [])),
  };
}

/** The banner container's data-default-url in a template, if it has one (spec 2.4). */
function defaultUrlOf(html: string): string | null {
  const container = /<[^>]*\bid\s*=\s*["']?template-banner-container\b[^>]*>/i.exec(html)?.[0];
  return container ? (/\bdata-default-url\s*=\s*["']([^"']+)["']/i.exec(container)?.[1] ?? null) : null;
}

export class WebsiteConfigService {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly hosts: DomainHosts,
  ) {}

  async find(conferenceId: number, currentHost: string): Promise<WebsiteConfigView> {
    const row = await repo.findConfig(this.db, conferenceId);
    if (!row) throw notFound();
    const config = toInput(row);
    const [domains, zh, en, commons] = await Promise.all([
      this.domains(conferenceId, currentHost),
      repo.homePageCandidates(this.db, conferenceId, 'zh'),
      repo.homePageCandidates(this.db, conferenceId, 'en'),
      row.exterior_id ? repo.commonTemplatesHtml(this.db, conferenceId, row.exterior_id) : Promise.resolve([]),
    ]);
    const templateDefault = commons.map((c) => defaultUrlOf(c.html)).find(Boolean);
    return { config, domains, homePages: { zh, en }, bannerFallback: templateDefault ?? DEFAULT_BANNER };
  }

  /** Saves the whole configuration in one transaction; then the public site changes on its next load. */
  async save(conferenceId: number, input: WebsiteConfigValues): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.findConfig(tx, conferenceId);
      if (!current) throw notFound();
      await this.checkImage(
        tx,
        conferenceId,
        input.banner,
        String(current.banner ?? ''),
        'banner',
        'manageSite:bannerInvalid',
      );
      await this.checkImage(
        tx,
        conferenceId,
        input.coverImageUrl,
        String(current.cover_image_url ?? ''),
        'coverImageUrl',
        'manageSite:coverInvalid',
      );
      if (input.disciplineId !== null && !(await repo.findDiscipline(tx, input.disciplineId)))
        throw new AppError(400, 'manageSite:disciplineInvalid', { field: 'disciplineId' });
      for (const lang of ['zh', 'en'] as const) {
        const field = lang === 'zh' ? 'templateZhHomePageId' : 'templateEnHomePageId';
        const id = input[field];
        if (id !== null && !(await repo.findHomePageCandidate(tx, conferenceId, lang, id)))
          throw new AppError(400, `manageSite:${lang}HomePageInvalid`, { field });
      }
      const values: Row = {};
      for (const field of BILINGUAL_FIELDS) {
        values[`${COLUMN[field]}_zh`] = input[field].zh;
        values[`${COLUMN[field]}_en`] = input[field].en;
      }
      await repo.updateConfig(tx, conferenceId, {
        ...values,
        banner: input.banner,
        cover_image_url: input.coverImageUrl,
        discipline_id: input.disciplineId,
        start_date: input.startDate,
        end_date: input.endDate,
        language_type: input.languageType,
        contacts: input.contacts,
        website_record_number: input.websiteRecordNumber,
        template_zh_home_page_id: input.templateZhHomePageId,
        template_en_home_page_id: input.templateEnHomePageId,
        feedback_types: JSON.stringify(input.feedbackTypes),
      });
    });
    await this.sites.siteChanged(conferenceId);
  }

  /**
   * An image is empty, the value already stored (the demo's built-in banners), or a banner-kind
   * upload of this very conference: never another conference's file or an outside address.
   */
  private async checkImage(
    tx: Tx,
    conferenceId: number,
    value: string,
    current: string,
    field: string,
    key: string,
  ): Promise<void> {
    if (value === '' || value === current) return;
    const name = STORED_FILE.exec(value)?.[1];
    // An upload of this conference, of the right kind (the uploads are the files module's).
    const kind = name ? await kindOfFile(tx, conferenceId, name) : null;
    if (kind !== 'banner') throw new AppError(400, key, { field });
  }

  // ---- domains ----

  async domains(conferenceId: number, currentHost: string): Promise<DomainItem[]> {
    const rows = await repo.domains(this.db, conferenceId);
    return rows.map((r) => ({
      id: r.id,
      domain: r.domain,
      primary: Boolean(r.is_primary),
      current: r.domain === currentHost,
    }));
  }

  /**
   * Adds a domain, if the one domain rule (../domainRule.ts) grants it: on a conference's own host
   * only `<name>.<SITE_DOMAIN>` or a sub-domain of its own domains; outside names also for a super
   * admin on the platform host (`outsideAllowed`).
   */
  async addDomain(conferenceId: number, raw: string, opts: { outsideAllowed?: boolean } = {}): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        // Locked first, so concurrent adds count one after another (the draft's limit below).
        const conference = await lockConference(tx, conferenceId);
        const verdict = await judgeDomain(tx, this.hosts, {
          domain: raw,
          conferenceId,
          outsideAllowed: Boolean(opts.outsideAllowed),
        });
        if (!verdict.ok)
          throw new AppError(400, `manageSite:${DOMAIN_REFUSAL_KEYS[verdict.reason]}`, {
            field: 'domain',
            params: { siteDomain: this.hosts.siteDomain },
          });
        const held = await repo.domains(tx, conferenceId);
        // Anyone can create a draft, so a draft may not squat the platform's free names: a few in all.
        const free = (d: string) => isAtOrUnder(d, this.hosts.siteDomain.toLowerCase());
        if (
          !opts.outsideAllowed &&
          conference?.status !== CONFERENCE_STATUS.published &&
          free(verdict.domain) &&
          held.filter((d) => free(d.domain)).length >= DRAFT_FREE_DOMAINS
        ) {
          throw new AppError(400, 'manageSite:domainDraftLimit', {
            field: 'domain',
            params: { n: String(DRAFT_FREE_DOMAINS), siteDomain: this.hosts.siteDomain },
          });
        }
        const hasPrimary = held.some((d) => d.is_primary);
        await repo.insertDomain(tx, conferenceId, verdict.domain, !hasPrimary);
      });
    } catch (err) {
      // Two conferences adding the same name at once: the unique index decides.
      if (repo.isUniqueViolation(err)) throw new AppError(400, 'manageSite:domainTaken', { field: 'domain' });
      throw err;
    }
    await this.sites.siteChanged(conferenceId);
  }

  /** Removes a domain; the one in the address bar and the last one stay. */
  async removeDomain(conferenceId: number, id: number, currentHost: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.findDomain(tx, conferenceId, id);
      if (!row) throw notFound();
      const all = await repo.domains(tx, conferenceId);
      if (all.length <= 1) throw new AppError(400, 'manageSite:domainLast', { field: 'domain' });
      if (row.domain === currentHost) throw new AppError(400, 'manageSite:domainCurrent', { field: 'domain' });
      await repo.deleteDomain(tx, conferenceId, id);
      if (row.is_primary) {
        const next = all.find((d) => d.id !== id)!;
        await repo.setPrimaryDomain(tx, conferenceId, next.id);
      }
    });
    await this.sites.siteChanged(conferenceId);
  }

  /** The primary domain is the site's address (homePageUrl, the platform's conference list). */
  async makePrimary(conferenceId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.findDomain(tx, conferenceId, id))) throw notFound();
      await repo.setPrimaryDomain(tx, conferenceId, id);
    });
    await this.sites.siteChanged(conferenceId);
  }
}
