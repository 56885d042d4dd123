/**
 * Mail: the conferences' own SMTP settings, templates, the gate and budget of what a manager may
 * send, the outbox and its worker, and the development mailbox.
 */
import { defineFeature } from '../../platform/feature';
import { mailPersonalData } from './personalData';
import { HostGuard } from '../../platform/netGuard';
import { mailOverview } from './overview';
import { conferenceAudience } from './audience';
import { MailBudget } from './budget';
import { ConferenceSmtp } from './conferenceSmtp';
import { mailConfigRouter, mailPageRouter } from './configRoutes';
import { ConferenceMailGate } from './gate';
import { mailJobs } from './jobs';
import { ManagerMail } from './managerMail';
import { devMailRouter } from './routes';
import { platformTransports } from './transport';
import { unsentMailCounts } from './repo';
import { MailSites } from './mailSite';

declare module '../../platform/events' {
  interface EventMap {
    /** the outbox worker sent (or, without SMTP, kept) a conference's message, in the transaction that recorded it */
    'mail.sent': { conferenceId: number; mailId: number };
    /** the outbox worker gave a conference's message up after its last attempt, in that transaction */
    'mail.failed': { conferenceId: number; mailId: number };
  }
}

declare module '../../platform/feature' {
  interface FeatureServices {
    smtp: ConferenceSmtp;
    mailGate: ConferenceMailGate;
    mail: ManagerMail;
    mailSites: MailSites;
  }
}

export const mailFeature = defineFeature({
  name: 'mail',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [mailPersonalData(db)],
  services: ({ db, config, sites, knownPeople }) => {
    const smtp = new ConferenceSmtp(
      db,
      config.secret,
      new HostGuard({
        allowPrivate: config.SMTP_ALLOW_PRIVATE_HOSTS,
        allowed: config.SMTP_ALLOWED_HOSTS,
        ports: config.SMTP_ALLOWED_PORTS,
      }),
    );
    // What a conference may mail on a manager's request: docs/mail.md "Limits".
    const budget = new MailBudget(db, {
      unpublished: config.MAIL_DAILY_BUDGET_UNPUBLISHED,
      published: config.MAIL_DAILY_BUDGET_PUBLISHED,
    });
    const mailGate = new ConferenceMailGate(conferenceAudience(db, sites, knownPeople), budget);
    return {
      smtp,
      mailGate,
      mail: new ManagerMail(db, smtp, mailGate, config),
      mailSites: new MailSites(sites, config),
    };
  },
  early: (deps) => [devMailRouter(deps)],
  api: (deps) => [mailConfigRouter(deps)],
  pages: (deps) => [mailPageRouter(deps)],
  manageMenu: [
    { href: '/platform/manage/mailLog', labelKey: 'mail:menu.log', order: 60, who: 'admin' },
    { href: '/platform/config/email', labelKey: 'mail:menu.config', group: 'customization', order: 110, who: 'admin' },
  ],
  jobs: ({ db, config, smtp, events }) => mailJobs(db, platformTransports(config, smtp), events),
  // its panel on the managers' overview (overview.ts)
  overview: ({ db }) => [mailOverview(db)],
  metrics: ({ db }) => [
    {
      name: 'mail_outbox_messages',
      help: 'Mail in the outbox not sent: queued, being sent, failed',
      labelNames: ['status'],
      async read() {
        const counts = new Map((await unsentMailCounts(db)).map((r) => [r.status, r.count]));
        return (['queued', 'sending', 'failed'] as const).map((status) => ({
          labels: { status },
          value: counts.get(status) ?? 0,
        }));
      },
    },
  ],
});

/**
 * What other features' mails use of this one: the outbox, a conference's mail in the frame of its
 * templates, and the gate's admission that a manager's mail is sent under.
 */
export { enqueueMail } from './service';
export {
  enqueueConferenceMail,
  plainTextHtml,
  LANGUAGE_RULE,
  MAIL_STYLE,
  type MailLang,
  type MailNote,
} from './templates';
export { plainTextOf } from './plainText';
export { withAdmission, STRICT, type Admission, type AdmitPolicy } from './gate';
export type { ConferenceMailGate };
export { mailSiteOf, type MailSite, type MailSites } from './mailSite';
