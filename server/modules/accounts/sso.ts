/**
 * Single sign-on flows (spec 2.2 step 2, 2.3, 2.5; docs/sso.md): the organisation login (OIDC,
 * with openid-client) and the platform's passport login (OAuth2 code flow, with passport-oauth2).
 *
 * start() binds a random state, a 16-alphanumeric nonce and a PKCE S256 verifier to the browser
 * in the short-lived signed `sso_flow` cookie and answers the provider's authorize address.
 * finish() checks the cookie, the state, the provider and the kind, exchanges the code with the
 * verifier (openid-client also checks issuer, audience and nonce of the ID token), then finds,
 * links or creates the account in one transaction and issues the session.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db } from '../../db/index';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import type { Sessions, TokenClaims } from '../../platform/session';
import type { Lang } from '../../contract/enums';
import * as repo from './repo';
import type { IdentityProviders, Provider, ProviderKind } from './providers';
import { PassportClient } from './passportClient';
import { spendExchange } from './ssoBudget';
import { loginFailed, personOf, resolveSsoAccount, type Person } from './ssoAccounts';
import type { RateLimiter } from '../../platform/rateLimit';
import {
  DEFAULT_TARGET,
  FLOW_COOKIE,
  FLOW_TTL_MS,
  readFlowCookie,
  safeTarget,
  signFlowCookie,
  type Flow,
} from './ssoFlow';

// What other modules take from here.
export { DEFAULT_TARGET, FLOW_COOKIE, FLOW_TTL_MS, readFlowCookie, safeTarget, signFlowCookie, type Flow };

/** The callback paths, which are also the exact redirect_uri values registered at the providers. */
export const CALLBACK_PATH: Record<ProviderKind, string> = { oidc: '/oidcLogin', passport: '/login' };

const OIDC_SCOPE = 'openid email profile';
// The passport provider is plain OAuth2 (spec 7 lists no scope); we still ask for the OpenID
// scopes, which OAuth2 servers may ignore, because an OpenID-capable server only answers its
// userinfo endpoint for tokens carrying `openid`.
const PASSPORT_SCOPE = 'openid email profile';
const CONFIG_TTL_MS = 60 * 60_000;
/** A failed discovery is remembered this long: a provider that is down is not asked again by every visitor's /sso/start. */
export const FAILED_DISCOVERY_TTL_MS = 30_000;
const HTTP_TIMEOUT_MS = 15_000;
/** Answers of a `prompt=none` attempt that mean "the user would have to interact". */
const SILENT_ERRORS = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

export type FinishInput = {
  kind: ProviderKind;
  code?: string;
  state?: string;
  error?: string;
  /** The `iss` parameter of the authorization response (RFC 9207), when the provider sends one. */
  iss?: string;
  flowCookie: string | undefined;
  origin: string;
  conferenceId: number | null;
  /** the client's address, for the exchange budget (ssoBudget.ts) */
  ip: string;
};

export type Finished = {
  userId: number;
  claims: TokenClaims;
  target: string;
  token: string;
  expiresAt: Date;
  /** The user has the attendee role in this conference (spec 2.3, /login). */
  registered: boolean;
};

/** A `prompt=none` attempt came back unanswered: the caller returns quietly to `target`. */
export class SilentLoginFailed extends AppError {
  constructor(readonly target: string) {
    super(400, 'sso.silentFailed');
  }
}

// ---------------------------------------------------------------------------------------------
// Small pure helpers

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 random alphanumerics (the nonce format of the spec). */
export function randomAlnum(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[crypto.randomInt(ALNUM.length)];
  return out;
}

function sameSecret(a: string, b: string): boolean {
  // Compare digests so that the lengths never differ and the comparison takes constant time.
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db);
}

function redirectUriFor(kind: ProviderKind, origin: string): string {
  return `${origin}${CALLBACK_PATH[kind]}`;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), HTTP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function claimsOf(user: repo.UserRow): TokenClaims {
  return { id: user.id, trueName: user.true_name, umtId: user.umt_id, cstnetId: user.cstnet_id ?? user.email };
}

/** The logout address of a passport provider with WebServerURL = `<origin>/?state=<origin>` (spec 2.3). */
export function passportLogoutAddress(passport: Provider | null, origin: string): string | null {
  if (!passport?.logoutUrl) return null;
  const url = new URL(passport.logoutUrl);
  url.searchParams.set('WebServerURL', `${origin}/?state=${encodeURIComponent(origin)}`);
  return url.href;
}

// ---------------------------------------------------------------------------------------------
// The service

export class SsoService {
  private readonly configs = new Map<
    number,
    { version: string; at: number; ttl: number; config: Promise<oidc.Configuration> }
  >();

  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
    readonly providers: IdentityProviders,
    private readonly secret: string,
    private readonly limiter: RateLimiter,
  ) {
    providers.onChange((id) => this.configs.delete(id));
  }

  async start(
    provider: Provider,
    opts: { origin: string; target: unknown; silent: boolean; lang: Lang },
  ): Promise<{ redirectUrl: string; cookie: string }> {
    const redirectUri = redirectUriFor(provider.kind, opts.origin);
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: randomAlnum(16),
      verifier,
      providerId: provider.id,
      target: safeTarget(opts.target),
      kind: provider.kind,
      redirectUri,
      silent: opts.silent,
    };
    let url: URL;
    if (provider.kind === 'oidc') {
      const config = await this.oidcConfig(provider);
      url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ui_locales: opts.lang,
        ...(opts.silent ? { prompt: 'none' } : {}),
      });
    } else {
      // Spec 7, "External addresses of the provider": the authorize address and its parameters.
      url = new URL(provider.authorizeUrl!);
      const params = {
        response_type: 'code',
        redirect_uri: redirectUri,
        client_id: provider.clientId,
        scope: PASSPORT_SCOPE,
        theme: 'full',
        locale: opts.lang,
        state: flow.state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...(opts.silent ? { prompt: 'none' } : {}),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    }
    return { redirectUrl: url.href, cookie: await signFlowCookie(this.secret, flow) };
  }

  async finish(input: FinishInput): Promise<Finished> {
    const flow = await readFlowCookie(this.secret, input.flowCookie);
    if (!flow || !input.state || !sameSecret(input.state, flow.state)) throw loginFailed();
    if (flow.kind !== input.kind || flow.redirectUri !== redirectUriFor(input.kind, input.origin)) throw loginFailed();
    if (input.error) {
      if (flow.silent && SILENT_ERRORS.has(input.error)) throw new SilentLoginFailed(flow.target);
      throw loginFailed();
    }
    if (!input.code) throw loginFailed();
    const provider = await this.providers.getEnabled(flow.providerId);
    if (!provider || provider.kind !== flow.kind) throw loginFailed();
    // Only now, with every check that costs nothing passed, may the provider be called (once per flow).
    await spendExchange(this.limiter, flow, input.ip);

    let person: Person;
    try {
      person =
        provider.kind === 'oidc'
          ? await this.oidcPerson(provider, flow, input)
          : await this.passportPerson(provider, flow, input.code);
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = err as { message?: string; code?: string; error?: string };
      logger.warn(
        { err: e?.message ?? String(err), code: e?.code, error: e?.error, providerId: provider.id },
        'sso: code exchange refused',
      );
      throw loginFailed();
    }

    const user = await resolveSsoAccount(this.db, provider, person);
    const claims = claimsOf(user);
    const { token, expiresAt } = await this.sessions.issue(claims, input.conferenceId);
    const registered =
      input.conferenceId === null
        ? false
        : (await repo.rolesInConference(this.db, input.conferenceId, user.id)).includes('attendee');
    return { userId: user.id, claims, target: flow.target, token, expiresAt, registered };
  }

  /** The passport provider's logout address with WebServerURL = our origin (spec 2.3), or null. */
  async passportLogoutUrl(origin: string): Promise<string | null> {
    return passportLogoutAddress(await this.providers.passport(), origin);
  }

  // -- OIDC ------------------------------------------------------------------------------------

  private async oidcPerson(provider: Provider, flow: Flow, input: FinishInput): Promise<Person> {
    const config = await this.oidcConfig(provider);
    const current = new URL(flow.redirectUri);
    current.searchParams.set('code', input.code!);
    current.searchParams.set('state', input.state!);
    if (input.iss) current.searchParams.set('iss', input.iss);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('no ID token subject');
    let claims: Record<string, unknown> = { ...idClaims };
    if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      // fetchUserInfo refuses an answer about another subject.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...claims, ...info, sub: idClaims.sub };
    }
    return personOf(String(idClaims.sub), claims);
  }

  /** One openid-client Configuration per provider, rebuilt after an edit (or an hour; a failed one after FAILED_DISCOVERY_TTL_MS). */
  private oidcConfig(provider: Provider): Promise<oidc.Configuration> {
    const version = crypto
      .createHash('sha256')
      .update(JSON.stringify([provider.updatedAt, provider.issuer, provider.clientId, provider.clientSecret]))
      .digest('base64url');
    const cached = this.configs.get(provider.id);
    if (cached && cached.version === version && Date.now() - cached.at < cached.ttl) return cached.config;
    const config = discover(provider).catch((err: unknown) => {
      // Kept, shortly: until it runs out every start answers this failure without asking again.
      entry.at = Date.now();
      entry.ttl = FAILED_DISCOVERY_TTL_MS;
      logger.warn({ err: (err as Error)?.message ?? String(err), providerId: provider.id }, 'sso: discovery failed');
      throw new AppError(502, 'sso.providerUnavailable');
    });
    const entry = { version, at: Date.now(), ttl: CONFIG_TTL_MS, config };
    this.configs.set(provider.id, entry);
    return config;
  }

  // -- passport --------------------------------------------------------------------------------

  private async passportPerson(provider: Provider, flow: Flow, code: string): Promise<Person> {
    const client = new PassportClient(provider, flow.redirectUri);
    const accessToken = await withTimeout(client.exchange(code, flow.redirectUri, flow.verifier), 'token exchange');
    const profile = await withTimeout(client.profile(accessToken), 'userinfo');
    const subject = profile.sub ?? profile.id;
    if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '')
      throw new Error('userinfo has no subject');
    return personOf(String(subject), profile);
  }
}

async function discover(provider: Provider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer!);
  // Plain http:// issuers only exist in tests and local development: providers.ts refuses them
  // when NODE_ENV is production, and only then is the https-only rule of openid-client relaxed.
  const insecure = issuer.protocol === 'http:';
  const execute = insecure ? [oidc.allowInsecureRequests] : [];
  const timeout = HTTP_TIMEOUT_MS / 1000;
  const discovered = await oidc.discovery(
    issuer,
    provider.clientId,
    provider.clientSecret,
    oidc.ClientSecretBasic(provider.clientSecret),
    { execute, timeout },
  );
  // client_secret_basic is the OIDC default; use client_secret_post when that is all the provider takes.
  const methods = discovered.serverMetadata().token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) return discovered;
  const config = new oidc.Configuration(
    discovered.serverMetadata(),
    provider.clientId,
    provider.clientSecret,
    oidc.ClientSecretPost(provider.clientSecret),
  );
  config.timeout = timeout;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}
