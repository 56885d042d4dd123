/**
 * The islands' API client. Answers are the {code, message, data} envelope. A 401 shows the
 * sign-in error once (the server has already cleared the token) and OK goes to the login page;
 * a 403 goes to /403 (spec 2.3).
 */
export type Envelope<T> = { code: number; message: string; data: T; field?: string; params?: Record<string, string> };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly field?: string,
    /** values for the message's placeholders */
    readonly params?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

type SignInAlert = () => Promise<void>;
let signInAlert: SignInAlert | null = null;
let alerted = false;

/** Islands that can show a modal register how the sign-in error is shown. */
export function onSignInError(show: SignInAlert): void {
  signInAlert = show;
}

function loginUrl(): string {
  return `/conferencelogin?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const url = `/api${path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'userReg.passportError');
  }
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.status === 401 && !alerted) {
    alerted = true;
    if (signInAlert) await signInAlert();
    location.assign(loginUrl());
  }
  if (res.status === 403 && body?.message === 'commonMsg.forbidden') location.assign('/403');
  if (!body || body.code !== 200) throw new ApiError(res.status, body?.message ?? 'commonMsg.serverError', body?.field, body?.params);
  return body.data;
}

export { safeRedirectPath } from '../../server/contract/redirect';
