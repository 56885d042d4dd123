/**
 * The publication workflow of spec 4 ("Conference website"): a manager's actions on the website's
 * state, the maintenance switch, and the platform administrators' queue and decisions, with the
 * mail each side is sent. Every change locks the conference row first, so two decisions cannot
 * cross, and drops the site's caches afterwards (SiteService.siteChanged).
 */
import type { Db } from '../../db/index';
import { CONFERENCE_STATUS, type Lang } from '../../contract/enums';
import {
  ACTIONS_BY_STATUS,
  type PublicationAction,
  type PublicationState,
  type QueueItem,
} from '../../contract/conferences';
import { zhOrEn } from '../../contract/bilingual';
import { AppError, notFound } from '../../platform/errors';
import { conferenceOrigin, platformPublicOrigin } from '../../platform/publicUrl';
import { accountsByIds, listSuperAdmins, roleHolderEmails } from '../accounts/index';
import { conferenceRecord, type SiteService } from '../sites/index';
import { namesOf, publicationDecidedMail, publicationRequestedMail, type ConferenceMail } from './mails';
import * as repo from './repo';

const NS = 'manageConference:';

type Transition = { from: string[]; to: string };

const TRANSITIONS: Record<PublicationAction, Transition> = {
  apply: { from: [CONFERENCE_STATUS.draft, CONFERENCE_STATUS.rejected], to: CONFERENCE_STATUS.pendingReview },
  withdraw: { from: [CONFERENCE_STATUS.pendingReview], to: CONFERENCE_STATUS.draft },
  cancelRelease: { from: [CONFERENCE_STATUS.published], to: CONFERENCE_STATUS.draft },
  close: {
    from: [
      CONFERENCE_STATUS.draft,
      CONFERENCE_STATUS.pendingReview,
      CONFERENCE_STATUS.rejected,
      CONFERENCE_STATUS.published,
    ],
    to: CONFERENCE_STATUS.closed,
  },
  reopen: { from: [CONFERENCE_STATUS.closed], to: CONFERENCE_STATUS.draft },
};

export class ConferencePublication {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly mail: ConferenceMail | undefined,
  ) {}

  async publicationState(conferenceId: number): Promise<PublicationState> {
    const status = (await conferenceRecord.conferenceStatus(this.db, conferenceId)) ?? CONFERENCE_STATUS.draft;
    const latest = await repo.latestRequest(this.db, conferenceId);
    return {
      status,
      maintenance: await conferenceRecord.maintenanceOf(this.db, conferenceId),
      actions: ACTIONS_BY_STATUS[status] ?? [],
      requestedAt:
        status === CONFERENCE_STATUS.pendingReview && latest?.status === 'pending'
          ? latest.created_at.toISOString()
          : null,
      rejection:
        status === CONFERENCE_STATUS.rejected && latest?.status === 'rejected'
          ? { reason: latest.reason ?? '', decidedAt: latest.decided_at?.toISOString() ?? null }
          : null,
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
    const conferenceIds = [...new Set(rows.map((r) => r.conference_id))];
    const [summaries, domains, requesters] = await Promise.all([
      conferenceRecord.conferenceSummaries(this.db, conferenceIds),
      conferenceRecord.primaryDomains(this.db, conferenceIds),
      accountsByIds(
        this.db,
        rows.flatMap((r) => (r.requested_by === null ? [] : [r.requested_by])),
      ),
    ]);
    const names = new Map(summaries.map((c) => [c.id, c]));
    // A conference without its website config has no name to show: not listed (as before).
    return rows.flatMap((r) => {
      const conference = names.get(r.conference_id);
      if (!conference) return [];
      const by = r.requested_by === null ? undefined : requesters.get(r.requested_by);
      return [
        {
          requestId: r.id,
          conferenceId: r.conference_id,
          name: zhOrEn(conference.conference_name_zh, conference.conference_name_en, lang),
          domain: domains.get(r.conference_id) ?? null,
          requestedBy: by?.trueName ? `${by.trueName} <${by.email}>` : (by?.email ?? ''),
          requestedAt: r.created_at.toISOString(),
        },
      ];
    });
  }

  /** A platform administrator's decision on a pending request. */
  async decide(
    requestId: number,
    adminId: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<void> {
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
      await conferenceRecord.setConferenceStatus(
        tx,
        conferenceId,
        decision.approve ? CONFERENCE_STATUS.published : CONFERENCE_STATUS.rejected,
      );
    });
    await this.sites.siteChanged(conferenceId);
    await this.tellManagers(conferenceId, decision);
  }

  /**
   * The platform administrators learn of a request (after it is saved: a mail that fails to be
   * queued does not undo it). At most one mail per conference an hour, however often it applies.
   */
  private async tellAdministrators(conferenceId: number, userId: number): Promise<void> {
    const mail = this.mail;
    const site = mail ? await this.sites.snapshot(conferenceId) : null;
    if (!mail || !site) return;
    if (!(await mail.limiter.hit(`publication-mail:${conferenceId}`, 1, 60 * 60_000)).allowed) return;
    const [admins, by] = await Promise.all([listSuperAdmins(this.db), accountsByIds(this.db, [userId])]);
    const requester = by.get(userId);
    const platform = platformPublicOrigin(mail.links);
    await publicationRequestedMail(
      this.db,
      admins.map((a) => a.email),
      namesOf(site),
      conferenceOrigin(mail.links, site),
      `${platform}/admin/publications`,
      requester?.trueName ? `${requester.trueName} <${requester.email}>` : (requester?.email ?? ''),
    );
  }

  /** The conference's managers learn the decision, in the site's language(s). */
  private async tellManagers(
    conferenceId: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<void> {
    const mail = this.mail;
    const site = mail ? await this.sites.snapshot(conferenceId) : null;
    if (!mail || !site) return;
    const to = await roleHolderEmails(this.db, conferenceId, ['manager', 'creator']);
    await publicationDecidedMail(
      this.db,
      conferenceId,
      to,
      namesOf(site),
      conferenceOrigin(mail.links, site),
      decision,
    );
  }
}
