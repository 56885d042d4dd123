/**
 * The Express app. Middleware order: headers → static files → cookies → tenant (Host) →
 * session (token) → API routers → page routes → 404 → error handler (platform/errorHandler.ts).
 */
import { maintenanceGate } from './platform/maintenance';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { ROOT_DIR as ROOT } from './paths';
import { InvalidationBus } from './platform/cache';
import { PageCache } from './platform/pageCache';
import { keepPagesIn } from './platform/keptPages';
import { Sessions } from './platform/session';
import { httpsOf, type TrustProxy } from './platform/hostCookies';
import { SessionCache } from './platform/sessionCache';
import { onCachedDataChanged } from './platform/changes';
import { sessionMiddleware } from './platform/sessionMiddleware';
import { tenantMiddleware } from './platform/tenant';
import { sameOriginGuard } from './platform/origin';
import { platformSecurityHeaders } from './platform/csp';
import { AppError } from './platform/errors';
import { screen } from './platform/access';
import { mountVikeAssets } from './platform/vike';
import { antdStylesheet } from '../renderer/antdStyles';
import { composeFeatures } from './platform/compose';
import { shellFallbackRouter, shellPageRouter } from './platform/shell/routes';
import { createRateLimiter } from './platform/rateLimit';
import { EventBus } from './platform/events';
import { FEATURES } from './features';
import { createOperations } from './platform/operations';
import { errorHandler } from './platform/errorHandler';
import { createWork } from './platform/work/index';
import type { App, AppDeps } from './appTypes';

export type { App, AppDeps, RequestListener } from './appTypes';

export async function createApp({
  config,
  db,
  bus: givenBus,
  limiter: givenLimiter,
  production = !config.VITE_DEV_SERVER,
}: AppDeps): Promise<App> {
  const bus = givenBus ?? (await InvalidationBus.create(config.REDIS_URL));
  const sessions = new Sessions(db, config.secret);
  // Who each session is, dropped here and on every instance when the person or session changes;
  // the features' writes that caches depend on reach the bus through platform/changes.ts.
  const knownSessions = new SessionCache();
  bus.onIdentityDrop((drop) =>
    'userId' in drop ? knownSessions.dropUser(drop.userId) : knownSessions.dropSession(drop.sessionId),
  );
  bus.onNoticesMissed(() => knownSessions.clear());
  const stopListening = onCachedDataChanged((notice) => {
    if ('everyConference' in notice) void bus.everyConferenceChanged();
    else if ('conferenceId' in notice) void bus.conferenceChanged(notice.conferenceId);
    else void bus.identityChanged(notice);
  });
  const pageCache = new PageCache(bus);
  const limiter = givenLimiter ?? createRateLimiter(config.REDIS_URL);
  // Cross-feature reactions, run inside the transaction of the change that raised them.
  const events = new EventBus();
  const app = express();
  app.disable('x-powered-by');
  // The routes that declare kept pages keep them here (platform/keptPages.ts).
  keepPagesIn(app, pageCache);
  if (config.TRUST_PROXY !== undefined) app.set('trust proxy', config.TRUST_PROXY);
  // https as Express decides it (req.secure), also for the fast path before Express: it picks the
  // names of the session and hand-over cookies (platform/hostCookies.ts).
  const isHttps = httpsOf(app.get('trust proxy fn') as TrustProxy);
  const work = createWork({ db, dataDir: config.DATA_DIR, config });
  const composed = composeFeatures(FEATURES, {
    config,
    db,
    sessions,
    knownSessions,
    limiter,
    cache: bus,
    pageCache,
    events,
    isHttps,
    production,
    work: work.service,
  });
  const { deps, hooks, api: apiRouters, largeBodyPaths, early, pages } = composed;
  work.service.register(composed.work);
  const jobs = [...composed.jobs, work.job];
  const metrics = [...composed.metrics, ...work.metrics];
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
  // Health, readiness and metrics: the platform's, on any Host, before tenant resolution.
  const operations = createOperations({ config, db, bus, pageCache, sources: metrics });
  app.use(operations.router);
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
  app.get('/_styles/:file', screen('anonymous'), (req, res) => {
    const hash = /^antd\.([0-9a-f]{16})\.css$/.exec(String(req.params.file))?.[1];
    const css = hash ? antdStylesheet(hash) : undefined;
    if (!css) return void res.status(404).end();
    res.type('css').setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(css);
  });

  app.use(cookieParser());
  app.use(tenantMiddleware(hooks.tenant, config.PLATFORM_HOST));
  app.use(platformSecurityHeaders({ production }));
  app.use(sessionMiddleware(sessions, hooks.identify, knownSessions));
  // A conference in maintenance answers its maintenance page to all but its staff (spec 8).
  app.use(maintenanceGate());
  for (const router of early) app.use(router);

  const api = express.Router();
  // API answers are personal or change often: no cache keeps them, unless a route says otherwise.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Page HTML may be larger than 1 MB: those routes read their own bodies, after the access check.
  const json = express.json({ limit: '1mb' });
  api.use((req, res, next) => (largeBodyPaths.has(req.path) ? next() : json(req, res, next)));
  api.use(sameOriginGuard);
  for (const router of apiRouters) api.use(router);
  api.use(work.router);
  api.use((_req, _res, next) => next(new AppError(404, 'commonMsg.notFound')));
  app.use('/api', api);

  app.use(shellPageRouter(deps.shell));
  for (const router of pages) app.use(router);
  // After every feature's screens: other management addresses are guarded, then a 404.
  app.use(shellFallbackRouter());
  app.use(hooks.publicSite);
  // Any other path is unknown (spec 2.1).
  app.use((req, res) => res.redirect(302, '/404'));
  app.use(errorHandler);

  return {
    ...deps,
    app: operations.listener(hooks.fastPath, app),
    express: app,
    bus,
    jobs,
    operations,
    workRunner: work.runner,
    async close() {
      stopListening();
      await work.runner.stop();
      await closeVike();
      if (!givenLimiter) await limiter.close();
      if (!givenBus) await bus.close();
    },
  };
}
