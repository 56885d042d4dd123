/**
 * The life of a conference: creation (a whole starter site in one transaction), its managers,
 * and the publication workflow of spec 4 ("Conference website"):
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
import { fromDbInstant, isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { CONFERENCE_STATUS, type Lang } from '../../contract/enums';
import { ACTIONS_BY_STATUS, type CreateConferenceInput, type ManagerView, type PublicationAction, type PublicationState, type QueueItem } from '../../contract/conferences';
import { AppError, notFound } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rateLimit';
import { accountsByIds, conferencesWithRole, ensureUser, grantRole, revokeRole, roleHolders, rolesInConference, listSuperAdmins, findAccountByEmail, roleHolderEmails, languageOfAddress } from '../accounts/index';
import { provisionSite, conferenceRecord, DOMAIN_REFUSAL_KEYS, judgeDomain, slugUnder, type DomainRefusal, type SiteService } from '../sites/index';
import type { SiteSnapshot } from '../../platform/site';
import * as repo from './repo';
import { starterSite } from './starter';
import type { Config } from '../../config';
import type { ConferenceMailGate } from '../mail/index';
import { conferenceOrigin, platformPublicOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { managerAddedMail, publicationDecidedMail, publicationRequestedMail, type ConferenceNames } from './mails';
import { zhOrEn } from '../../contract/bilingual';

const NS = 'manageConference:';

/** A subdomain's refusals in the words of the subdomain field (the others as for a domain). */
const SLUG_KEYS: Partial<Record<DomainRefusal, string>> = { invalid: 'slugInvalid', reserved: 'slugReserved', taken: 'slugTaken' };

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
  mail?: { gate: ConferenceMailGate; links: PublicUrlConfig & Pick<Config, 'PLATFORM_URL' | 'PLATFORM_HOST'>; limiter: RateLimiter };
};

export type { ManagerView, PublicationState, QueueItem };

export type MyConference = { id: number; name: string; shortTitle: string; status: string; domain: string | null; creator: boolean };

type Transition = { from: string[]; to: string };

const TRANSITIONS: Record<PublicationAction, Transition> = {
  apply: { from: [CONFERENCE_STATUS.draft, CONFERENCE_STATUS.rejected], to: CONFERENCE_STATUS.pendingReview },
  withdraw: { from: [CONFERENCE_STATUS.pendingReview], to: CONFERENCE_STATUS.draft },
  cancelRelease: { from: [CONFERENCE_STATUS.published], to: CONFERENCE_STATUS.draft },
  close: {
    from: [CONFERENCE_STATUS.draft, CONFERENCE_STATUS.pendingReview, CONFERENCE_STATUS.rejected, CONFERENCE_STATUS.published],
    to: CONFERENCE_STATUS.closed,
  },
  reopen: { from: [CONFERENCE_STATUS.closed], to: CONFERENCE_STATUS.draft },
};

const namesOf = (site: SiteSnapshot): ConferenceNames => ({ zh: site.config.conferenceName.zh, en: site.config.conferenceName.en, languageType: site.config.languageType });

/** Instants leave the server as ISO strings, the same on both dialects. */
function iso(value: string | null | undefined): string | null {
  return fromDbInstant(value)?.toISOString() ?? null;
}

/**
 * Conferences where the user is a manager or the creator, any status (the platform home's
 * "My conferences"). Needs only the database, so the platform home can call it directly.
 */
export async function listMyConferences(db: Db, userId: number, lang: Lang): Promise<MyConference[]> {
  const rows = await conferenceRecord.conferenceSummaries(db, await conferencesWithRole(db, userId, ['manager', 'creator']));
  const domains = await conferenceRecord.primaryDomains(db, rows.map((r) => Number(r.id)));
  const creatorOf = new Set(await conferencesWithRole(db, userId, ['creator']));
  return rows.map((r) => ({
    id: Number(r.id),
    name: zhOrEn(r.conference_name_zh, r.conference_name_en, lang),
    shortTitle: zhOrEn(r.short_title_zh, r.short_title_en, lang),
    status: String(r.status),
    domain: domains.get(Number(r.id)) ?? null,
    creator: creatorOf.has(Number(r.id)),
  }));
}

export class ConferenceService {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly opts: ConferenceOptions,
  ) {}

  get siteDomain(): string {
    return this.opts.siteDomain;
  }

  /**
   * The domain a creation asks for, judged by the one domain rule (sites/domainRule.ts) that
   * domain/add follows too. A subdomain's refusals speak of the subdomain.
   */
  private async domainFor(input: CreateConferenceInput, outsideAllowed: boolean): Promise<{ slug: string; domain: string }> {
    const asked = input.slug ? `${input.slug}.${this.opts.siteDomain}` : input.domain;
    const verdict = await judgeDomain(this.db, this.opts, { domain: asked, conferenceId: null, outsideAllowed });
    if (!verdict.ok) {
      const key = input.slug ? (SLUG_KEYS[verdict.reason] ?? DOMAIN_REFUSAL_KEYS[verdict.reason]) : DOMAIN_REFUSAL_KEYS[verdict.reason];
      throw new AppError(400, `${NS}${key}`, input.slug ? 'slug' : 'domain', 400, { siteDomain: this.opts.siteDomain });
    }
    const { domain } = verdict;
    // <label>.<SITE_DOMAIN> typed as a domain is that subdomain.
    const label = input.slug || slugUnder(domain, this.opts.siteDomain);
    if (label) return { slug: label, domain };
    // The slug column is unique too; a domain (with its dots) can never equal a subdomain slug.
    const slug = domain.length <= 64 ? domain : `${domain.slice(0, 55)}.${crypto.createHash('sha256').update(domain).digest('hex').slice(0, 8)}`;
    return { slug, domain };
  }

  /**
   * Creates the conference as a draft with the starter site, and makes its creator its first
   * manager, all in one transaction.
   */
  async create(userId: number, input: CreateConferenceInput, opts: { outsideAllowed?: boolean } = {}): Promise<{ conferenceId: number; domain: string }> {
    const { slug, domain } = await this.domainFor(input, Boolean(opts.outsideAllowed));
    const field = input.slug ? 'slug' : 'domain';
    const taken = new AppError(400, input.slug ? `${NS}slugTaken` : `${NS}domainTaken`, field);
    if ((await conferenceRecord.domainTaken(this.db, domain)) || (await conferenceRecord.slugTaken(this.db, slug))) throw taken;
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
    const day = hour.allowed ? await limits.limiter.hit(`conference-create:day:${userId}`, limits.perDay, 24 * 60 * 60_000) : hour;
    if (!hour.allowed || !day.allowed) throw new AppError(429, `${NS}createTooMany`, undefined, 429, { minutes: String(Math.max(1, Math.ceil(Math.max(hour.retryAfterMs, day.retryAfterMs) / 60_000))) });
  }

  // ── managers ───────────────────────────────────────────────────────────────────────────

  async managers(conferenceId: number): Promise<ManagerView[]> {
    const byUser = new Map<number, ManagerView>();
    for (const r of await roleHolders(this.db, conferenceId, ['manager', 'creator'])) {
      const id = r.id;
      const view = byUser.get(id) ?? { userId: id, email: r.email, trueName: r.trueName, creator: false, hasPassword: r.hasPassword, since: iso(r.since) ?? '' };
      if (r.role === 'creator') view.creator = true;
      if (iso(r.since)! < view.since) view.since = iso(r.since)!;
      byUser.set(id, view);
    }
    return [...byUser.values()].sort((a, b) => Number(b.creator) - Number(a.creator) || a.since.localeCompare(b.since) || a.userId - b.userId);
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
    const admitted = mail ? await mail.gate.admit(conferenceId, [email], { unknown: 'withhold', budget: 'withhold' }) : null;
    try {
      await inTransaction(this.db, async (tx) => {
        if (!(await conferenceRecord.lockConference(tx, conferenceId))) throw notFound();
        const roles = await rolesInConference(tx, conferenceId, id);
        if (roles.includes('manager') || roles.includes('creator')) throw new AppError(400, `${NS}alreadyManager`, 'email');
        await grantRole(tx, conferenceId, id, 'manager');
        if (mail && site && admitted?.to.length) {
          const account = await findAccountByEmail(tx, email);
          await managerAddedMail(tx, conferenceId, admitted.to[0], namesOf(site), conferenceOrigin(mail.links, site), Boolean(account?.hasPassword), await languageOfAddress(tx, email));
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

  async publicationState(conferenceId: number): Promise<PublicationState> {
    const status = (await conferenceRecord.conferenceStatus(this.db, conferenceId)) ?? CONFERENCE_STATUS.draft;
    const latest = await repo.latestRequest(this.db, conferenceId);
    return {
      status,
      maintenance: await conferenceRecord.maintenanceOf(this.db, conferenceId),
      actions: ACTIONS_BY_STATUS[status] ?? [],
      requestedAt: status === CONFERENCE_STATUS.pendingReview && latest?.status === 'pending' ? iso(latest.created_at) : null,
      rejection:
        status === CONFERENCE_STATUS.rejected && latest?.status === 'rejected' ? { reason: latest.reason ?? '', decidedAt: iso(latest.decided_at) } : null,
    };
  }

  /** A manager's action on the website's state; refused (409) when it does not apply to the state. */
  async act(conferenceId: number, userId: number, action: PublicationAction): Promise<PublicationState> {
    const transition = TRANSITIONS[action];
    await this.db.transaction(async (tx) => {
      const conference = await conferenceRecord.lockConference(tx, conferenceId);
      if (!conference) throw notFound();
      if (!transition.from.includes(conference.status)) throw new AppError(409, `${NS}invalidTransition`);
      const pending = await repo.pendingRequest(tx, conferenceId);
      // Leaving the waiting state by the manager's hand withdraws the request.
      if (pending && (action === 'withdraw' || action === 'close')) {
        await repo.decideRequest(tx, conferenceId, pending.id, { status: 'withdrawn', decidedBy: userId });
      }
      if (action === 'apply') await repo.insertRequest(tx, conferenceId, userId);
      await conferenceRecord.setConferenceStatus(tx, conferenceId, transition.to);
    });
    await this.sites.siteChanged(conferenceId);
    if (action === 'apply') await this.tellAdministrators(conferenceId, userId);
    return this.publicationState(conferenceId);
  }

  /**
   * The maintenance switch (spec 8 'Under Maintenance'): while on, the site and the personal
   * pages show the maintenance page to everyone but the conference's staff, who keep working.
   */
  async setMaintenance(conferenceId: number, on: boolean): Promise<PublicationState> {
    await conferenceRecord.setMaintenance(this.db, conferenceId, on);
    await this.sites.siteChanged(conferenceId);
    return this.publicationState(conferenceId);
  }

  async queue(lang: Lang): Promise<QueueItem[]> {
    const rows = await repo.pendingQueue(this.db);
    const conferenceIds = [...new Set(rows.map((r) => Number(r.conference_id)))];
    const [summaries, domains, requesters] = await Promise.all([
      conferenceRecord.conferenceSummaries(this.db, conferenceIds),
      conferenceRecord.primaryDomains(this.db, conferenceIds),
      accountsByIds(this.db, rows.flatMap((r) => (r.requested_by === null ? [] : [Number(r.requested_by)]))),
    ]);
    const names = new Map(summaries.map((c) => [Number(c.id), c]));
    // A conference without its website config has no name to show: not listed (as before).
    return rows.flatMap((r) => {
      const conference = names.get(Number(r.conference_id));
      if (!conference) return [];
      const by = r.requested_by === null ? undefined : requesters.get(Number(r.requested_by));
      return [{
        requestId: Number(r.id),
        conferenceId: Number(r.conference_id),
        name: zhOrEn(conference.conference_name_zh, conference.conference_name_en, lang),
        domain: domains.get(Number(r.conference_id)) ?? null,
        requestedBy: by?.trueName ? `${by.trueName} <${by.email}>` : (by?.email ?? ''),
        requestedAt: iso(r.created_at) ?? '',
      }];
    });
  }

  /** A platform administrator's decision on a pending request. */
  async decide(requestId: number, adminId: number, decision: { approve: true } | { approve: false; reason: string }): Promise<void> {
    const conferenceId = await repo.conferenceOfRequest(this.db, requestId);
    if (conferenceId === null) throw notFound();
    await this.db.transaction(async (tx) => {
      const conference = await conferenceRecord.lockConference(tx, conferenceId);
      const request = await repo.findRequest(tx, conferenceId, requestId);
      if (!conference || request?.status !== 'pending' || conference.status !== CONFERENCE_STATUS.pendingReview) {
        throw new AppError(409, `${NS}requestNotPending`);
      }
      await repo.decideRequest(tx, conferenceId, requestId, {
        status: decision.approve ? 'approved' : 'rejected',
        decidedBy: adminId,
        reason: decision.approve ? null : decision.reason,
      });
      await conferenceRecord.setConferenceStatus(tx, conferenceId, decision.approve ? CONFERENCE_STATUS.published : CONFERENCE_STATUS.rejected);
    });
    await this.sites.siteChanged(conferenceId);
    await this.tellManagers(conferenceId, decision);
  }

  /**
   * The platform administrators learn of a request (after it is saved: a mail that fails to be
   * queued does not undo it). At most one mail per conference an hour, however often it applies.
   */
  private async tellAdministrators(conferenceId: number, userId: number): Promise<void> {
    const mail = this.opts.mail;
    const site = mail ? await this.sites.snapshot(conferenceId) : null;
    if (!mail || !site) return;
    if (!(await mail.limiter.hit(`publication-mail:${conferenceId}`, 1, 60 * 60_000)).allowed) return;
    const [admins, by] = await Promise.all([listSuperAdmins(this.db), accountsByIds(this.db, [userId])]);
    const requester = by.get(userId);
    const platform = platformPublicOrigin(mail.links);
    await publicationRequestedMail(this.db, admins.map((a) => a.email), namesOf(site), conferenceOrigin(mail.links, site), `${platform}/admin/publications`, requester?.trueName ? `${requester.trueName} <${requester.email}>` : (requester?.email ?? ''));
  }

  /** The conference's managers learn the decision, in the site's language(s). */
  private async tellManagers(conferenceId: number, decision: { approve: true } | { approve: false; reason: string }): Promise<void> {
    const mail = this.opts.mail;
    const site = mail ? await this.sites.snapshot(conferenceId) : null;
    if (!mail || !site) return;
    const to = await roleHolderEmails(this.db, conferenceId, ['manager', 'creator']);
    await publicationDecidedMail(this.db, conferenceId, to, namesOf(site), conferenceOrigin(mail.links, site), decision);
  }
}
