/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a random port, for the SSO tests,
 * and a small "browser" that drives its own development login and consent forms over plain HTTP
 * while carrying the provider's cookies, until the provider redirects to the client.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

export type TestPerson = { sub: string; email?: string; emailVerified?: boolean; name?: string };

export type OidcPeer = {
  issuer: string;
  discovery: {
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint: string;
    end_session_endpoint?: string;
  };
  people: Map<string, TestPerson>;
  /** requests the provider received, by path (the token endpoint's count is the platform's code exchanges) */
  calls: Map<string, number>;
  stop(): Promise<void>;
};

export async function startOidcProvider(opts: { clients: ClientMetadata[]; people: TestPerson[] }): Promise<OidcPeer> {
  const people = new Map(opts.people.map((p) => [p.sub, p]));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  const provider = new Provider(issuer, {
    clients: opts.clients,
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            ...(person.email !== undefined ? { email: person.email } : {}),
            ...(person.emailVerified !== undefined ? { email_verified: person.emailVerified } : {}),
            ...(person.name !== undefined ? { name: person.name } : {}),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key-0123456789abcdef'] },
    jwks: { keys: [jwk] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  const calls = new Map<string, number>();
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    handle(req, res);
  });
  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  return {
    issuer,
    discovery,
    people,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The cookies of one browser at the provider (names only: paths do not matter here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*max-age=0/i.test(a)) ||
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now());
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Opens an authorize address as a browser would: follows the provider's redirects, signs in as
 * `login` on its login form and confirms its consent form, and answers the address the provider
 * finally sends the browser to outside itself (the client's redirect_uri with code or error).
 */
export async function driveProvider(
  authorizeUrl: string,
  opts: { login?: string; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = opts.jar ?? new CookieJar();
  const start = new URL(authorizeUrl);
  let url = start;
  let init: { method: string; body?: string } = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: init.method,
      body: init.body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== start.origin) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form in: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      if (!opts.login) throw new Error('the provider asks for a login and none was given');
      form.set('login', opts.login);
      form.set('password', 'any-password');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = { method: 'POST', body: form.toString() };
  }
  throw new Error('too many steps at the provider');
}

// ---------------------------------------------------------------------------------------------
// Our side of the flow, through supertest on the conference host

export const SSO_HOST = 'contract.localhost';
export const SSO_ORIGIN = `http://${SSO_HOST}`;
/** The redirect_uri values our app uses on the contract site, registered exactly at the provider. */
export const REDIRECT_URIS = [`${SSO_ORIGIN}/oidcLogin`, `${SSO_ORIGIN}/login`];

export function testClient(
  clientId: string,
  secret: string,
  authMethod: 'client_secret_basic' | 'client_secret_post' = 'client_secret_basic',
): ClientMetadata {
  return {
    client_id: clientId,
    client_secret: secret,
    redirect_uris: REDIRECT_URIS,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: authMethod,
  };
}

/** The Set-Cookie lines of a supertest answer. */
export function setCookies(res: { headers: Record<string, unknown> }): string[] {
  return ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
}

/** "name=value" of a cookie the answer set with a value (not a clearing one), or undefined. */
export function cookieSet(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return line?.split(';')[0];
}
