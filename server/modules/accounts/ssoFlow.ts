/**
 * The browser-bound state of a sign-in flow: state, nonce, PKCE verifier, provider and target,
 * carried in a short-lived signed HttpOnly cookie (a jose HS256 JWT with a key of its own).
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { safeRedirectPath } from '../../contract/redirect';
import type { ProviderKind } from './providers';

export const FLOW_COOKIE = 'sso_flow';
export const FLOW_TTL_MS = 10 * 60_000;
/** Where a flow ends when its target is missing or not a path on this site. */
export const DEFAULT_TARGET = '/profile/userInfo';
const FLOW_ISSUER = 'conference-platform:sso-flow';

export type Flow = {
  state: string;
  nonce: string;
  verifier: string;
  providerId: number;
  target: string;
  kind: ProviderKind;
  redirectUri: string;
  silent: boolean;
};

/**
 * A same-site path (one leading '/', no '//', no backslash, no control characters: the shared
 * rule of contract/redirect), which also resolves to this origin; anything else is the default.
 */
export function safeTarget(value: unknown): string {
  const path = safeRedirectPath(value, '');
  if (!path || path.includes('\u007f')) return DEFAULT_TARGET;
  try {
    const base = 'http://same-site.invalid';
    if (new URL(path, base).origin !== base) return DEFAULT_TARGET;
  } catch {
    return DEFAULT_TARGET;
  }
  return path;
}

function flowKey(secret: string): Uint8Array {
  return crypto.createHash('sha256').update(`sso-flow:${secret}`).digest();
}

export async function signFlowCookie(secret: string, flow: Flow): Promise<string> {
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(FLOW_ISSUER)
    .setIssuedAt()
    .setExpirationTime(new Date(Date.now() + FLOW_TTL_MS))
    .sign(flowKey(secret));
}

/** The flow in a cookie, or null when the cookie is missing, forged, expired or malformed. */
export async function readFlowCookie(secret: string, value: string | undefined): Promise<Flow | null> {
  if (!value || value.length > 8192) return null;
  try {
    const { payload: p } = await jwtVerify(value, flowKey(secret), { issuer: FLOW_ISSUER, algorithms: ['HS256'] });
    const kinds: readonly string[] = ['oidc', 'passport'];
    if (
      typeof p.state !== 'string' ||
      typeof p.nonce !== 'string' ||
      typeof p.verifier !== 'string' ||
      typeof p.providerId !== 'number' ||
      typeof p.target !== 'string' ||
      typeof p.kind !== 'string' ||
      !kinds.includes(p.kind) ||
      typeof p.redirectUri !== 'string'
    ) {
      return null;
    }
    return {
      state: p.state,
      nonce: p.nonce,
      verifier: p.verifier,
      providerId: p.providerId,
      target: safeTarget(p.target),
      kind: p.kind as ProviderKind,
      redirectUri: p.redirectUri,
      silent: p.silent === true,
    };
  } catch {
    return null;
  }
}
