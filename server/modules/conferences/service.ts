/**
 * The life of a conference: creation (a whole starter site in one transaction), its managers,
 * and the publication workflow of spec 4 ("Conference website", publication.ts):
 *
 *   draft '1' ──apply──▶ waiting '2' ──approve──▶ published '4' ──cancelRelease──▶ draft '1'
 *   rejected '3' ◀──reject── waiting '2' ──withdraw──▶ draft '1';  rejected ──apply──▶ waiting
 *   any but closed ──close──▶ closed '5' ──reopen──▶ draft '1'
 *
 * Every change locks the conference row first, so two decisions cannot cross, and drops the
 * site's caches afterwards (SiteService.siteChanged).
 */
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/index';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { Lang } from '../../contract/enums';
import type {
  CreateConferenceInput,
  ManagerView,
  PublicationAction,
  PublicationState,
  QueueItem,
} from '../../contract/conferences';
import { AppError, notFound } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import {
  conferencesWithRole,
  ensureUser,
  grantRole,
  revokeRole,
  roleHolders,
  rolesInConference,
  findAccountByEmail,
  languageOfAddress,
} from '../accounts/index';
import {
  provisionSite,
  conferenceRecord,
  DOMAIN_REFUSAL_KEYS,
  judgeDomain,
  slugUnder,
  type DomainRefusal,
  type SiteService,
} from '../sites/index';
import { starterSite } from './starter';
import { conferenceOrigin } from '../../platform/publicUrl';
import { managerAddedMail, namesOf, type ConferenceMail } from './mails';
import { ConferencePublication } from './publication';
import { zhOrEn } from '../../contract/bilingual';

const NS = 'manageConference:';

/** A subdomain's refusals in the words of the subdomain field (the others as for a domain). */
const SLUG_KEYS: Partial<Record<DomainRefusal, string>> = {
  invalid: 'slugInvalid',
  reserved: 'slugReserved',
  taken: 'slugTaken',
};

export type ConferenceOptions = {
  siteDomain: string;
  platformHost: string;
  templatesDir: string;
  /**
   * Creations per account (CONFERENCE_CREATE_PER_HOUR / _PER_DAY): a draft is a website and a
   * mail sender, and anyone can sign up, so one account may not make them by the dozen.
   */
  createLimits?: { limiter: RateLimiter; perHour: number; perDay: number };
  /**
   * The platform's mail about a conference's life (mails.ts): the gate a new manager's address
   * passes (unpublished: only people who used the conference), where links point, and a limit
   * on the administrators' mail (one per conference an hour, however often it applies).
   */
  mail?: ConferenceMail;
};

export type { ManagerView, PublicationState, QueueItem };

export type MyConference = {
  id: number;
  name: string;
  shortTitle: string;
  status: string;
  domain: string | null;
  creator: boolean;
};

/**
 * Conferences where the user is a manager or the creator, any status (the platform home's
 * "My conferences"). Needs only the database, so the platform home can call it directly.
 */
export async function listMyConferences(db: Db, userId: number, lang: Lang): Promise<MyConference[]> {
  const rows = await conferenceRecord.conferenceSummaries(
    db,
    await conferencesWithRole(db, userId, ['manager', 'creator']),
  );
  const domains = await conferenceRecord.primaryDomains(
    db,
    rows.map((r) => r.id),
  );
  const creatorOf = new Set(await conferencesWithRole(db, userId, ['creator']));
  return rows.map((r) => ({
    id: r.id,
    name: zhOrEn(r.conference_name_zh, r.conference_name_en, lang),
    shortTitle: zhOrEn(r.short_title_zh, r.short_title_en, lang),
    status: String(r.status),
    domain: domains.get(r.id) ?? null,
    creator: creatorOf.has(r.id),
  }));
}

export class ConferenceService {
  /** The publication workflow and its mail (publication.ts). */
  private readonly publication: ConferencePublication;

  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly opts: ConferenceOptions,
  ) {
    this.publication = new ConferencePublication(db, sites, opts.mail);
  }

  get siteDomain(): string {
    return this.opts.siteDomain;
  }

  /**
   * The domain a creation asks for, judged by the one domain rule (sites/domainRule.ts) that
   * domain/add follows too. A subdomain's refusals speak of the subdomain.
   */
  private async domainFor(
    input: CreateConferenceInput,
    outsideAllowed: boolean,
  ): Promise<{ slug: string; domain: string }> {
    const asked = input.slug ? `${input.slug}.${this.opts.siteDomain}` : input.domain;
    const verdict = await judgeDomain(this.db, this.opts, { domain: asked, conferenceId: null, outsideAllowed });
    if (!verdict.ok) {
      const key = input.slug
        ? (SLUG_KEYS[verdict.reason] ?? DOMAIN_REFUSAL_KEYS[verdict.reason])
        : DOMAIN_REFUSAL_KEYS[verdict.reason];
      throw new AppError(400, `${NS}${key}`, {
        field: input.slug ? 'slug' : 'domain',
        params: { siteDomain: this.opts.siteDomain },
      });
    }
    const { domain } = verdict;
    // <label>.<SITE_DOMAIN> typed as a domain is that subdomain.
    const label = input.slug || slugUnder(domain, this.opts.siteDomain);
    if (label) return { slug: label, domain };
    // The slug column is unique too; a domain (with its dots) can never equal a subdomain slug.
    const slug =
      domain.length <= 64
        ? domain
        : `${domain.slice(0, 55)}.${crypto.createHash('sha256').update(domain).digest('hex').slice(0, 8)}`;
    return { slug, domain };
  }

  /**
   * Creates the conference as a draft with the starter site, and makes its creator its first
   * manager, all in one transaction.
   */
  async create(
    userId: number,
    input: CreateConferenceInput,
    opts: { outsideAllowed?: boolean } = {},
  ): Promise<{ conferenceId: number; domain: string }> {
    const { slug, domain } = await this.domainFor(input, Boolean(opts.outsideAllowed));
    const field = input.slug ? 'slug' : 'domain';
    const taken = new AppError(400, input.slug ? `${NS}slugTaken` : `${NS}domainTaken`, { field });
    if ((await conferenceRecord.domainTaken(this.db, domain)) || (await conferenceRecord.slugTaken(this.db, slug)))
      throw taken;
    await this.countCreation(userId);
    const spec = starterSite(this.opts.templatesDir, {
      slug,
      domain,
      names: { zh: input.nameZh, en: input.nameEn },
      shortTitle: input.shortTitle,
      languageType: input.languageType,
    });
    let conferenceId: number;
    try {
      conferenceId = await this.db.transaction(async (tx: Tx) => {
        // provisionSite opens a nested transaction (a savepoint) inside this one.
        const id = await provisionSite(tx, { ...spec, createdBy: userId });
        await grantRole(tx, id, userId, 'creator');
        await grantRole(tx, id, userId, 'manager');
        return id;
      });
    } catch (err) {
      // Two creations of one name at the same moment: the unique indexes decide.
      if (isUniqueViolation(err)) throw taken;
      throw err;
    }
    // Also forgets this host if it was remembered as unknown.
    await this.sites.siteChanged(conferenceId);
    return { conferenceId, domain };
  }

  /**
   * Counts a creation against the account's hourly and daily allowance (after the checks a typo
   * fails, so mistakes cost nothing); refused with 429 once either is used up.
   */
  private async countCreation(userId: number): Promise<void> {
    const limits = this.opts.createLimits;
    if (!limits) return;
    const hour = await limits.limiter.hit(`conference-create:hour:${userId}`, limits.perHour, 60 * 60_000);
    const day = hour.allowed
      ? await limits.limiter.hit(`conference-create:day:${userId}`, limits.perDay, 24 * 60 * 60_000)
      : hour;
    if (!hour.allowed || !day.allowed)
      throw new AppError(429, `${NS}createTooMany`, {
        params: { minutes: String(Math.max(1, Math.ceil(Math.max(hour.retryAfterMs, day.retryAfterMs) / 60_000))) },
      });
  }

  // ── managers ───────────────────────────────────────────────────────────────────────────

  async managers(conferenceId: number): Promise<ManagerView[]> {
    const byUser = new Map<number, ManagerView>();
    for (const r of await roleHolders(this.db, conferenceId, ['manager', 'creator'])) {
      const id = r.id;
      const view = byUser.get(id) ?? {
        userId: id,
        email: r.email,
        trueName: r.trueName,
        creator: false,
        hasPassword: r.hasPassword,
        since: r.since.toISOString(),
      };
      if (r.role === 'creator') view.creator = true;
      if (r.since.toISOString() < view.since) view.since = r.since.toISOString();
      byUser.set(id, view);
    }
    return [...byUser.values()].sort(
      (a, b) => Number(b.creator) - Number(a.creator) || a.since.localeCompare(b.since) || a.userId - b.userId,
    );
  }

  /**
   * Spec 6: any valid e-mail; the account is created (without a password) when it is new. The new
   * manager is told by mail how to sign in — unless the mail gate withholds it (an unpublished
   * conference mails only people who used it): `mailed` says which, for the screen to say so.
   */
  async addManager(conferenceId: number, email: string): Promise<{ managers: ManagerView[]; mailed: boolean }> {
    const { id } = await ensureUser(this.db, { email, trueName: '' });
    const site = this.opts.mail ? await this.sites.snapshot(conferenceId) : null;
    const mail = this.opts.mail && site ? this.opts.mail : null;
    const admitted = mail
      ? await mail.gate.admit(conferenceId, [email], { unknown: 'withhold', budget: 'withhold' })
      : null;
    try {
      await inTransaction(this.db, async (tx) => {
        if (!(await conferenceRecord.lockConference(tx, conferenceId))) throw notFound();
        const roles = await rolesInConference(tx, conferenceId, id);
        if (roles.includes('manager') || roles.includes('creator'))
          throw new AppError(400, `${NS}alreadyManager`, { field: 'email' });
        await grantRole(tx, conferenceId, id, 'manager');
        if (mail && site && admitted?.to.length) {
          const account = await findAccountByEmail(tx, email);
          await managerAddedMail(
            tx,
            conferenceId,
            admitted.to[0],
            namesOf(site),
            conferenceOrigin(mail.links, site),
            Boolean(account?.hasPassword),
            await languageOfAddress(tx, email),
          );
        }
      });
    } catch (err) {
      await admitted?.release();
      throw err;
    }
    return { managers: await this.managers(conferenceId), mailed: Boolean(admitted?.to.length) };
  }

  /** Not the creator, not yourself, and someone must stay to manage the conference. */
  async removeManager(conferenceId: number, userId: number, callerId: number): Promise<ManagerView[]> {
    await this.db.transaction(async (tx) => {
      if (!(await conferenceRecord.lockConference(tx, conferenceId))) throw notFound();
      const roles = await rolesInConference(tx, conferenceId, userId);
      if (!roles.includes('manager') && !roles.includes('creator')) throw notFound();
      if (userId === callerId) throw new AppError(400, `${NS}cannotRemoveSelf`);
      if (roles.includes('creator')) throw new AppError(400, `${NS}cannotRemoveCreator`);
      const managers = new Set((await roleHolders(tx, conferenceId, ['manager', 'creator'])).map((r) => r.id));
      if (managers.size <= 1) throw new AppError(400, `${NS}lastManager`);
      await revokeRole(tx, conferenceId, userId, 'manager');
    });
    return this.managers(conferenceId);
  }

  // ── publication ────────────────────────────────────────────────────────────────────────

  publicationState(conferenceId: number): Promise<PublicationState> {
    return this.publication.publicationState(conferenceId);
  }

  act(conferenceId: number, userId: number, action: PublicationAction): Promise<PublicationState> {
    return this.publication.act(conferenceId, userId, action);
  }

  setMaintenance(conferenceId: number, on: boolean): Promise<PublicationState> {
    return this.publication.setMaintenance(conferenceId, on);
  }

  queue(lang: Lang): Promise<QueueItem[]> {
    return this.publication.queue(lang);
  }

  decide(
    requestId: number,
    adminId: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<void> {
    return this.publication.decide(requestId, adminId, decision);
  }
}
