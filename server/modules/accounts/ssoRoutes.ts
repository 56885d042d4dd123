/**
 * Single sign-on routes (spec 2.2 step 2, 2.3, 2.5, 7; docs/sso.md).
 *
 * API (under /api): the organisation list of the login page, the code exchanges of the two
 * callbacks, and the super admin's provider management.
 * Pages: /sso/start/:id (sets the flow cookie, goes to the provider), the /oidcLogin and /login
 * callbacks (finish on the server, then redirect), and the autologon middleware.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { access, screen } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { setTokenCookie, type Sessions } from '../../platform/session';
import { clearPlantedCookies, hostCookie, hostCookieName, hostCookieOptions } from '../../platform/hostCookies';
import { route } from '../../platform/route';
import { parseInput } from '../../platform/validate';
import type { RateLimiter } from '../../platform/rateLimit';
import type { HandlerInput } from '../../contract/endpoint';
import type { Organisation } from '../../contract/sso';
import {
  accountsApi,
  providerIdParam,
  providerInput,
  type ProviderInput,
  type ProviderKind,
} from '../../contract/accounts';
import { IdentityProviders, presentProvider, type Provider } from './providers';
import {
  DEFAULT_TARGET,
  FLOW_COOKIE,
  FLOW_TTL_MS,
  SilentLoginFailed,
  SsoService,
  passportLogoutAddress,
  safeTarget,
  type Finished,
} from './sso';
import { identityOf } from '../../platform/context';

export type SsoDeps = { db: Db; sessions: Sessions; config: Config; limiter: RateLimiter };

/** At most this many organisations answer one search. */
const SEARCH_LIMIT = 50;
const LOGIN_ERROR_PATH = '/?loginError=1';

// One service per database, shared by the routers and the middleware, so that an edit through
// the admin API drops the same cached OIDC configuration that the flows use.
const services = new WeakMap<Db, SsoService>();

function ssoService(deps: SsoDeps): SsoService {
  let service = services.get(deps.db);
  if (!service) {
    service = new SsoService(deps.db, deps.sessions, new IdentityProviders(deps.db), deps.config.secret, deps.limiter);
    services.set(deps.db, service);
  }
  return service;
}

/** The passport provider's logout address for this origin (spec 2.3), or null without one. */
export async function passportLogoutUrl(origin: string, db: Db): Promise<string | null> {
  return passportLogoutAddress(await new IdentityProviders(db).passport(), origin);
}

/** The browser's origin for this request: the exact base of the redirect_uri values. */
function originOf(req: Request): string {
  return `${req.protocol}://${String(req.headers.host ?? '').toLowerCase()}`;
}

/**
 * The flow cookie binds a callback to the browser that started the sign-in, so a sibling
 * conference must not be able to plant one (a login CSRF): `__Host-sso_flow` on https, and two
 * of them are no flow at all (platform/hostCookies.ts).
 */
function flowCookieName(req: Request): string {
  return hostCookieName(FLOW_COOKIE, req.secure);
}

function flowCookieOf(req: Request, res: Response): string | undefined {
  const cookie = hostCookie(req.headers.cookie, flowCookieName(req));
  if (cookie.duplicate) clearPlantedCookies(res, req, flowCookieName(req));
  return cookie.value;
}

function clearFlow(req: Request, res: Response): void {
  res.clearCookie(flowCookieName(req), hostCookieOptions(req.secure));
}

// ---------------------------------------------------------------------------------------------

/**
 * Organisations for the login page: the common ones ('edugain,local') or a search ('edugain'),
 * each with the address that starts its sign-in and returns to `target` (a same-site path).
 */
export async function listOrganisations(
  providers: IdentityProviders,
  input: { selectInput: 'edugain,local' | 'edugain'; query: string; target: string },
): Promise<Organisation[]> {
  const target = safeTarget(input.target);
  const oidcProviders = await providers.listEnabled('oidc');
  let chosen: Provider[];
  if (input.selectInput === 'edugain,local') {
    chosen = oidcProviders.filter((p) => p.isCommon);
  } else {
    const needle = input.query.trim().toLowerCase();
    chosen = needle
      ? oidcProviders
          .filter((p) => p.nameZh.toLowerCase().includes(needle) || p.nameEn.toLowerCase().includes(needle))
          .slice(0, SEARCH_LIMIT)
      : [];
  }
  return chosen.map((p) => ({
    entityId: String(p.id),
    zname: p.nameZh,
    ename: p.nameEn,
    logo: p.logo,
    redirectUrl: `/sso/start/${p.id}?state=${encodeURIComponent(target)}`,
  }));
}

export function ssoApiRouter(deps: SsoDeps): Router {
  const sso = ssoService(deps);
  const providers = sso.providers;
  // In production a provider's addresses are https only: the endpoint's schema is the other
  // environments' one, so production parses the body with its own.
  const productionInput = deps.config.NODE_ENV === 'production' ? providerInput({ production: true }) : null;
  const providerOf = (input: { body: ProviderInput }, req: Request): ProviderInput =>
    productionInput ? parseInput(productionInput, req.body) : input.body;
  const router = Router();

  // The organisation list of the login page (spec 2.5, 3 "Federation organisation entry").
  route(router, accountsApi.organisations, access('anonymous'), async ({ query }) =>
    listOrganisations(providers, { ...query, target: query.state ?? DEFAULT_TARGET }),
  );

  // The code exchanges as API calls (spec 7): the flow cookie of this browser must match.
  const finishApi =
    (kind: ProviderKind) =>
    async (input: HandlerInput<typeof accountsApi.oidcCallback>, req: Request, res: Response) => {
      clearFlow(req, res);
      let finished: Finished;
      try {
        // Read here, after the flow cookie is cleared: a bad body is a failed sign-in too.
        finished = await sso.finish({
          kind,
          ...input.body,
          flowCookie: flowCookieOf(req, res),
          origin: originOf(req),
          conferenceId: req.ctx.conferenceId,
          ip: req.ip ?? '',
        });
      } catch (err) {
        if (err instanceof AppError && err.status === 429) throw err;
        if (err instanceof AppError) throw new AppError(400, 'sso.loginFailed');
        throw err;
      }
      setTokenCookie(res, finished.token, finished.expiresAt, req.secure);
      // The token itself stays in the HttpOnly cookie; the answer only says that it is there.
      return { token: 'ok' as const, target: finished.target, registered: finished.registered };
    };
  route(router, accountsApi.oidcCallback, access('anonymous'), finishApi('oidc'));
  route(router, accountsApi.passportCallback, access('anonymous'), finishApi('passport'));

  // Provider management (super admins).
  route(router, accountsApi.providers, access('superAdmin'), async () =>
    (await providers.listAll()).map(presentProvider),
  );
  route(router, accountsApi.createProvider, access('superAdmin'), async (input, req) =>
    presentProvider(await providers.create(providerOf(input, req))),
  );
  route(router, accountsApi.updateProvider, access('superAdmin'), async (input, req) => {
    const { id } = input.params;
    return presentProvider(await providers.update(id, providerOf(input, req)));
  });
  route(router, accountsApi.removeProvider, access('superAdmin'), async ({ params }) => {
    await providers.remove(params.id);
    return true as const;
  });

  return router;
}

// ---------------------------------------------------------------------------------------------

export function ssoPageRouter(deps: SsoDeps): Router {
  const sso = ssoService(deps);
  const router = Router();
  const startQuery = z.object({
    state: z.string().max(2000).optional().catch(undefined),
    silent: z.string().optional().catch(undefined),
  });

  router.get('/sso/start/:id', screen('anonymous'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const id = providerIdParam.safeParse(req.params);
    const query = parseInput(startQuery, req.query);
    const provider = id.success ? await sso.providers.getEnabled(id.data.id) : null;
    if (!provider) return res.redirect(302, LOGIN_ERROR_PATH);
    let started: { redirectUrl: string; cookie: string };
    try {
      started = await sso.start(provider, {
        origin: originOf(req),
        target: query.state,
        silent: query.silent === '1',
        lang: req.ctx.lang,
      });
    } catch (err) {
      if (!(err instanceof AppError)) logger.error({ err, providerId: provider.id }, 'sso: start failed');
      return res.redirect(302, LOGIN_ERROR_PATH);
    }
    res.cookie(flowCookieName(req), started.cookie, { ...hostCookieOptions(req.secure), maxAge: FLOW_TTL_MS });
    res.redirect(302, started.redirectUrl);
  });

  const callbackQuery = z.object({
    code: z.string().max(4096).optional().catch(undefined),
    state: z.string().max(512).optional().catch(undefined),
    error: z.string().max(200).optional().catch(undefined),
    iss: z.string().max(500).optional().catch(undefined),
  });
  const finishPage = (kind: ProviderKind) => async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    clearFlow(req, res);
    const query = parseInput(callbackQuery, req.query);
    let finished: Finished;
    try {
      finished = await sso.finish({
        kind,
        ...query,
        flowCookie: flowCookieOf(req, res),
        origin: originOf(req),
        conferenceId: req.ctx.conferenceId,
        ip: req.ip ?? '',
      });
    } catch (err) {
      if (err instanceof SilentLoginFailed) return res.redirect(302, err.target);
      if (!(err instanceof AppError)) logger.error({ err }, 'sso: callback failed');
      return res.redirect(302, LOGIN_ERROR_PATH);
    }
    setTokenCookie(res, finished.token, finished.expiresAt, req.secure);
    // Spec 2.3: the organisation login goes to its target; the passport login goes there only
    // when the user is registered in this conference, else to the registration form.
    const next = kind === 'oidc' || finished.registered ? finished.target : '/conferenceRegister';
    res.redirect(302, next);
  };
  router.get('/oidcLogin', screen('anonymous'), finishPage('oidc'));
  router.get('/login', screen('anonymous'), finishPage('passport'));

  return router;
}

// ---------------------------------------------------------------------------------------------

const NOT_AUTOLOGON = [/^\/api(\/|$)/, /^\/sso(\/|$)/, /^\/login\/?$/i, /^\/oidcLogin\/?$/i];

/**
 * Spec 2.2 step 2: a page address carrying `autologon` starts a silent (prompt=none) passport
 * login that comes back to the same address without `autologon`.
 */
export function autologonMiddleware(deps: SsoDeps) {
  const sso = ssoService(deps);
  return async function autologon(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      // Most requests: no parameter of that name anywhere in the address, nothing to parse.
      if (req.method !== 'GET' || identityOf(req) || !req.url.includes('autologon')) return next();
      if (!Object.prototype.hasOwnProperty.call(req.query ?? {}, 'autologon')) return next();
      if (NOT_AUTOLOGON.some((re) => re.test(req.path))) return next();
      const passport = await sso.providers.passport();
      if (!passport) return next();
      const url = new URL(req.originalUrl, 'http://same-site.invalid');
      url.searchParams.delete('autologon');
      const target = safeTarget(url.pathname + url.search);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, `/sso/start/${passport.id}?silent=1&state=${encodeURIComponent(target)}`);
    } catch (err) {
      next(err);
    }
  };
}
