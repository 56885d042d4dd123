/**
 * The Express app. Middleware order: headers → static files → cookies → tenant (Host) →
 * session (token) → API routers → page routes → 404 → error handler.
 */
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { Config } from './config';
import { ROOT_DIR as ROOT } from './paths';
import type { Db } from './db/index';
import { InvalidationBus } from './platform/cache';
import { PageCache } from './platform/pageCache';
import { Sessions, TOKEN_COOKIE } from './platform/session';
import { sessionMiddleware } from './platform/sessionMiddleware';
import { tenantMiddleware } from './platform/tenant';
import { sameOriginGuard } from './platform/origin';
import { platformSecurityHeaders } from './platform/csp';
import { AppError } from './platform/errors';
import { access } from './platform/access';
import { logger } from './platform/logger';
import { t } from './platform/i18n';
import { isDatabaseBusy } from './db/transaction';
import { mountVikeAssets } from './platform/vike';
import { antdStylesheet } from '../renderer/antdStyles';
import { loadIdentity } from './modules/accounts/service';
import { accountRouter } from './modules/accounts/routes';
import { autologonMiddleware, ssoApiRouter, ssoPageRouter } from './modules/accounts/ssoRoutes';
import { AccountAuth } from './modules/accounts/auth';
import { SessionHandoffs } from './modules/accounts/handoff';
import { VerificationCodes } from './modules/accounts/codes';
import { createRateLimiter, type RateLimiter } from './platform/rateLimit';
import { SiteService } from './modules/sites/service';
import { siteApiRouter } from './modules/sites/routes';
import { publicPageRouter } from './modules/sites/publicPages';
import { accountFrameIsland, accountPageRouter } from './modules/accounts/pages';
import { profilePageRouter } from './modules/accounts/profilePages';
import { platformFallbackRouter, platformPageRouter } from './modules/sites/platformPages';
import { adminPageRouter } from './modules/accounts/adminPages';
import { superAdminRouter } from './modules/accounts/superAdmins';
import { FilesService } from './modules/files/service';
import { fileApiRouter, filePageRouter } from './modules/files/routes';
import { DiskFileStore } from './platform/files';
import { cachedPageFastPath } from './modules/sites/cachedPages';
import { devMailRouter } from './modules/mail/routes';
import { PageService } from './modules/pages/service';
import { LARGE_BODY_PATHS, pageApiRouter } from './modules/pages/routes';
import { pageScreenRouter } from './modules/pages/screens';
import { ConferenceService } from './modules/conferences/service';
import { conferenceApiRouter } from './modules/conferences/routes';
import { conferenceManagePageRouter, conferencePlatformPageRouter, overviewActions } from './modules/conferences/pages';
import { siteConfigApiRouter } from './modules/sites/config/routes';
import { siteConfigPageRouter } from './modules/sites/config/pages';
import { menuApiRouter, menuPageRouter } from './modules/sites/menuRoutes';
import { RegistrationService } from './modules/registration/service';
import { registrationRouter, type RegistrationPorts } from './modules/registration/routes';
import { registrationConfigRouter } from './modules/registration/configRoutes';
import { registrationExportRouter } from './modules/registration/exportRoutes';
import { registrationPageRouter, registrationSummary } from './modules/registration/pages';
import { enqueueManagerBulkMail } from './modules/mail/service';
import { DocumentService } from './modules/documents/service';
import { documentApiRouter, documentConference, documentPageRouter } from './modules/documents/routes';
import { RegistrationPeople } from './modules/registration/people';
import { todayIn } from './modules/registration/settings';
import { unitApiRouter, unitPageRouter } from './modules/units/routes';
import { ConferenceSmtp } from './modules/mail/conferenceSmtp';
import { mailConfigRouter, mailPageRouter } from './modules/mail/configRoutes';
import { registrationMail } from './modules/registration/mails';
import { FeedbackService } from './modules/feedback/service';
import { feedbackApiRouter, feedbackPageRouter } from './modules/feedback/routes';
import { noticeApiRouter, noticePageRouter } from './modules/notices/routes';
import { HostGuard } from './platform/netGuard';
import { MailBudget } from './modules/mail/budget';
import { ConferenceMailGate } from './modules/mail/gate';
import { conferenceAudience } from './modules/mail/audience';
import { EventBus } from './platform/events';
import { accountEventHandlers } from './modules/accounts/events';


export type AppDeps = { config: Config; db: Db; bus?: InvalidationBus; limiter?: RateLimiter; production?: boolean };

/** A node request listener: the cached-page fast path, then the Express app. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export type App = {
  app: RequestListener;
  express: express.Express;
  sites: SiteService;
  sessions: Sessions;
  codes: VerificationCodes;
  limiter: RateLimiter;
  files: FilesService;
  /** the conferences' own SMTP settings (the mail worker's transports use them) */
  smtp: ConferenceSmtp;
  pageCache: PageCache;
  bus: InvalidationBus;
  /** the cross-feature event bus (server/platform/events.ts) */
  events: EventBus;
  close(): Promise<void>;
};

export async function createApp({ config, db, bus: givenBus, limiter: givenLimiter, production = !config.VITE_DEV_SERVER }: AppDeps): Promise<App> {
  const bus = givenBus ?? (await InvalidationBus.create(config.REDIS_URL));
  const sites = new SiteService(db, bus);
  const sessions = new Sessions(db, config.secret);
  const pageCache = new PageCache(bus);
  const limiter = givenLimiter ?? createRateLimiter(config.REDIS_URL);
  const codes = new VerificationCodes(db, config.secret, limiter);
  const handoffs = new SessionHandoffs(db, config.secret);
  const auth = new AccountAuth(db, sessions, codes, limiter, handoffs);
  const files = new FilesService(db, new DiskFileStore(path.join(config.DATA_DIR, 'files')), {
    conferenceBytes: config.TEMP_UPLOAD_CONFERENCE_BUDGET,
    totalBytes: config.TEMP_UPLOAD_TOTAL_BUDGET,
    ttlMs: config.TEMP_UPLOAD_TTL_MINUTES * 60_000,
    perIpPerHour: config.TEMP_UPLOAD_PER_IP_PER_HOUR,
  });
  const pages = new PageService(db, sites, files);
  const conferences = new ConferenceService(db, sites, {
    siteDomain: config.SITE_DOMAIN,
    platformHost: config.PLATFORM_HOST,
    templatesDir: path.join(ROOT, 'templates'),
    createLimits: { limiter, perHour: config.CONFERENCE_CREATE_PER_HOUR, perDay: config.CONFERENCE_CREATE_PER_DAY },
  });
  const smtp = new ConferenceSmtp(db, config.secret, new HostGuard({ allowPrivate: config.SMTP_ALLOW_PRIVATE_HOSTS, allowed: config.SMTP_ALLOWED_HOSTS, ports: config.SMTP_ALLOWED_PORTS }));
  // What a conference may mail on a manager's request: docs/mail.md "Limits".
  const mailGate = new ConferenceMailGate(conferenceAudience(db, sites), new MailBudget(db, { unpublished: config.MAIL_DAILY_BUDGET_UNPUBLISHED, published: config.MAIL_DAILY_BUDGET_PUBLISHED }));
  // Cross-feature reactions, run inside the transaction of the change that raised them.
  const events = new EventBus();
  events.subscribe(accountEventHandlers);
  const registration = new RegistrationService(db, files, events, {
    prepare: registrationMail(sites),
    admitManagerMail: (conferenceId, email) => mailGate.admit(conferenceId, [email], { unknown: 'withhold', budget: 'refuse' }),
  });
  const documents = new DocumentService(db, files, new RegistrationPeople(db));
  const feedback = new FeedbackService(db, codes, files, mailGate);
  const registrationPorts: RegistrationPorts = {
    badges: {
      enabled: (conferenceId) => documents.enabled(conferenceId, 'BADGE'),
      render: (req, ids) => documents.render(req.ctx.conferenceId!, 'BADGE', { ids }, documentConference(req.ctx.site!, `${req.protocol}://${req.headers.host}`), req.ctx.lang, todayIn(req.ctx.site!.conference.timeZone)),
    },
    mail: {
      // The conference's own mailbox, or the platform's (kept at /_dev/mail outside production).
      configured: async (conferenceId) => (await smtp.isActive(conferenceId)) || Boolean(config.SMTP_URL) || config.NODE_ENV !== 'production',
      sendBulk: (conferenceId, to, subject, text, html) => enqueueManagerBulkMail(mailGate, db, { conferenceId, to, subject, text, html, kind: 'bulk' }),
    },
  };
  const secureCookies = config.NODE_ENV === 'production' && config.TRUST_PROXY !== undefined && config.TRUST_PROXY !== false;

  const accountPages = { sites, db, sessions, handoffs, secureCookies, platformUrl: config.PLATFORM_URL, platformHost: config.PLATFORM_HOST };
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY !== undefined) app.set('trust proxy', config.TRUST_PROXY);
  app.use(
    helmet({
      // Manager-written templates carry their own inline scripts and styles on their own domain
      // (DESIGN.md 5), so a site-wide script policy would break them; framing is still refused.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Sent per request by platformSecurityHeaders, over HTTPS only.
      strictTransportSecurity: false,
      frameguard: { action: 'sameorigin' },
    }),
  );
  app.use(compression());
  // Files (paths with an extension: public assets, /files uploads) are public, so any page may embed
  // them, including the page editor's preview: a sandboxed iframe, whose origin is opaque.
  app.use((req, res, next) => {
    if (path.extname(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });

  const closeVike = await mountVikeAssets(app, ROOT, production);
  // Only paths with a file extension can be static files: pages never touch the disk.
  const publicFiles = express.static(path.join(ROOT, 'public'), { maxAge: production ? '1h' : 0, index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  app.get('/_styles/:file', access('anonymous'), (req, res) => {
    const hash = /^antd\.([0-9a-f]{16})\.css$/.exec(String(req.params.file))?.[1];
    const css = hash ? antdStylesheet(hash) : undefined;
    if (!css) return void res.status(404).end();
    res.type('css').setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(css);
  });

  app.use(cookieParser());
  app.use(tenantMiddleware(sites, config.PLATFORM_HOST));
  app.use(platformSecurityHeaders({ production }));
  app.use(sessionMiddleware(sessions, (conferenceId, userId) => loadIdentity(db, conferenceId, userId)));
  app.use(devMailRouter(db, config));

  const api = express.Router();
  // API answers are personal or change often: no cache keeps them, unless a route says otherwise.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Page HTML may be larger than 1 MB: those routes read their own bodies, after the access check.
  const json = express.json({ limit: '1mb' });
  api.use((req, res, next) => (LARGE_BODY_PATHS.has(req.path) ? next() : json(req, res, next)));
  api.use(sameOriginGuard);
  api.use(siteApiRouter(sites));
  api.use(accountRouter({ sessions, auth, codes, db, secureCookies, conferenceIdForHost: (host) => sites.conferenceIdForHost(host) }));
  api.use(superAdminRouter(db));
  api.use(fileApiRouter(files));
  api.use(pageApiRouter(pages));
  api.use(conferenceApiRouter(conferences));
  api.use(siteConfigApiRouter(sites, db, { platformHost: config.PLATFORM_HOST, siteDomain: config.SITE_DOMAIN }));
  api.use(menuApiRouter(db, sites));
  api.use(ssoApiRouter({ db, sessions, config, secureCookies }));
  api.use(registrationConfigRouter(db, sites));
  api.use(registrationRouter({ db, service: registration, files, limiter, ports: registrationPorts }));
  api.use(registrationExportRouter({ db, files, ports: registrationPorts }));
  api.use(documentApiRouter(documents));
  api.use(unitApiRouter(db));
  api.use(mailConfigRouter(db, smtp, { limiter, gate: mailGate }));
  api.use(feedbackApiRouter(feedback, files, limiter));
  api.use(noticeApiRouter(db, files));
  api.use((_req, _res, next) => next(new AppError(404, 'commonMsg.notFound')));
  app.use('/api', api);

  app.use(filePageRouter(files));
  app.use(conferencePlatformPageRouter(conferences));
  app.use(adminPageRouter(db, sites));
  app.use(unitPageRouter(db));
  app.use(accountPageRouter(accountPages));
  app.use(profilePageRouter({ registration: registrationSummary(db) }));
  app.use(platformPageRouter({ overviewActions: overviewActions(conferences) }));
  // Management screens of the features (each router guards its pages with pageGuard('platform')):
  // mount them here, before the /platform fallback.
  app.use(conferenceManagePageRouter(conferences));
  app.use(menuPageRouter(db, sites));
  app.use(siteConfigPageRouter(sites, db, { platformHost: config.PLATFORM_HOST, siteDomain: config.SITE_DOMAIN }));
  app.use(pageScreenRouter(pages));
  app.use(registrationPageRouter({ db, sites, ports: registrationPorts, accountFrame: (req, res, view, redirect) => accountFrameIsland(req, res, accountPages, view, redirect) }));
  app.use(documentPageRouter(documents));
  app.use(mailPageRouter(db, smtp, config));
  app.use(feedbackPageRouter(feedback));
  app.use(noticePageRouter(db));
  app.use(platformFallbackRouter());
  app.use(autologonMiddleware({ db, sessions, config, secureCookies }));
  app.use(ssoPageRouter({ db, sessions, config, secureCookies }));
  app.use(publicPageRouter(sites, pageCache));
  // Any other path is unknown (spec 2.1).
  app.use((req, res) => res.redirect(302, '/404'));
  app.use(errorHandler);

  const serveFromCache = cachedPageFastPath(sites, pageCache);
  return {
    app: (req, res) => {
      if (!serveFromCache(req, res)) app(req, res);
    },
    express: app,
    sites,
    sessions,
    codes,
    limiter,
    files,
    smtp,
    pageCache,
    bus,
    events,
    async close() {
      await closeVike();
      if (!givenLimiter) await limiter.close();
      if (!givenBus) await bus.close();
    },
  };
}

function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  // Spec 2.3: on a 401 the token is cleared; the cookie is HttpOnly, so the server does it.
  if ((err as AppError)?.status === 401 && req.cookies?.[TOKEN_COOKIE]) res.clearCookie(TOKEN_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
  const known = err instanceof AppError ? err : null;
  const parseError = (err as { type?: string })?.type === 'entity.parse.failed';
  const tooLarge = (err as { type?: string })?.type === 'entity.too.large';
  // No connection within the acquire timeout, or a statement stopped by its timeout: 503, not a hang.
  const busy = !known && isDatabaseBusy(err);
  const status = known?.status ?? (parseError ? 400 : tooLarge ? 413 : busy ? 503 : 500);
  if (status >= 500) logger.error({ err, url: req.originalUrl }, 'request failed');
  if (res.headersSent) return;
  if (busy) res.setHeader('Retry-After', '5');
  if (req.originalUrl.startsWith('/api/')) {
    const message = known?.messageKey ?? (parseError ? 'commonMsg.invalidInput' : tooLarge ? 'commonMsg.tooLarge' : busy ? 'commonMsg.busy' : 'commonMsg.serverError');
    res.status(status).json({ code: known?.code ?? status, message, data: null, ...(known?.field ? { field: known.field } : {}), ...(known?.params ? { params: known.params } : {}) });
    return;
  }
  if (status === 401) return res.redirect(302, `/conferencelogin?redirect=${encodeURIComponent(req.originalUrl)}`);
  if (status === 403) return res.redirect(302, '/403');
  if (status === 404) return res.redirect(302, '/404');
  if (busy) return void res.status(503).type('text').send(t(req.ctx?.lang ?? 'zh', 'commonMsg.busy'));
  res.status(500).type('text').send('Internal Server Error');
}
