/**
 * The passport provider through passport-oauth2: its OAuth2 client does the token exchange and
 * the userinfo call; passport's authenticate() is never run (the flow state is ours, see ssoFlow).
 */
import OAuth2Strategy from 'passport-oauth2';
import type { Provider } from './providers';

export class PassportClient extends OAuth2Strategy {
  constructor(
    private readonly provider: Provider,
    callbackURL: string,
  ) {
    super(
      {
        authorizationURL: provider.authorizeUrl!,
        tokenURL: provider.tokenUrl!,
        clientID: provider.clientId,
        clientSecret: provider.clientSecret,
        callbackURL,
        state: false,
        pkce: false,
      },
      (_accessToken: string, _refreshToken: string, _profile: unknown, done: (err: unknown, user?: false) => void) =>
        done(null, false),
    );
    // The access token goes in an Authorization header, never in the userinfo URL.
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  exchange(code: string, redirectUri: string, verifier: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this._oauth2.getOAuthAccessToken(
        code,
        { grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: verifier },
        (err, accessToken) => {
          if (err) return reject(new Error(`token exchange failed: ${describeOAuthError(err)}`));
          if (typeof accessToken !== 'string' || !accessToken)
            return reject(new Error('token exchange answered no access token'));
          resolve(accessToken);
        },
      );
    });
  }

  override userProfile(accessToken: string, done: (err?: unknown, profile?: Record<string, unknown>) => void): void {
    this._oauth2.get(this.provider.userinfoUrl!, accessToken, (err, body) => {
      if (err) return done(new Error(`userinfo failed: ${describeOAuthError(err)}`));
      try {
        const parsed: unknown = JSON.parse(String(body));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          return done(new Error('userinfo is not an object'));
        done(null, parsed as Record<string, unknown>);
      } catch {
        done(new Error('userinfo is not JSON'));
      }
    });
  }

  profile(accessToken: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) =>
      this.userProfile(accessToken, (err, profile) => (err ? reject(err) : resolve(profile!))),
    );
  }
}

function describeOAuthError(err: unknown): string {
  const e = err as { statusCode?: number; data?: unknown; message?: string };
  return `${e.statusCode ?? ''} ${String(e.data ?? e.message ?? '').slice(0, 200)}`.trim();
}
