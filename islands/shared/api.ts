/**
 * The islands' API client. Answers are the {code, message, data} envelope. A 401 shows the
 * sign-in error once (the server has already cleared the token) and OK goes to the login page;
 * a 403 goes to /403 (spec 2.3). Calls go through `call(endpoint, {params, query, body})` with an
 * endpoint of server/contract, so the path is written once and the body is type-checked.
 */
import { apiUrl, type AnswerOf, type CallInput, type Endpoint } from '../../server/contract/endpoint';

/** One refused field of a form (the server lists every one at once in `fields`). */
export type FieldProblem = { field: string; message: string; params?: Record<string, string> };

export type Envelope<T> = {
  code: number;
  message: string;
  data: T;
  field?: string;
  params?: Record<string, string>;
  fields?: FieldProblem[];
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly field?: string,
    /** values for the message's placeholders */
    readonly params?: Record<string, string>,
    /** every refused field, when the server checked a whole form (the first is `field`) */
    readonly fields: FieldProblem[] = field ? [{ field, message: messageKey, params }] : [],
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

type Args<E> = E extends Endpoint
  ? Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>]
    : [input: CallInput<E>]
  : never;

/**
 * A URL needs the path parameters and the query, not the body; a caller that posts the body itself
 * (a form into a new tab, a PDF fetched as a blob) may pass it here to have it type-checked.
 */
type UrlInput<E> = Omit<CallInput<E>, 'body'> & Partial<Pick<CallInput<E>, 'body'>>;
type UrlArgs<E> = E extends Endpoint
  ? Record<never, never> extends UrlInput<E>
    ? [input?: UrlInput<E>]
    : [input: UrlInput<E>]
  : never;

/** Calls an endpoint of the contract: its URL, method and body type come from the endpoint. */
export function call<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return send<AnswerOf<E>>(apiUrl(endpoint, given.params, given.query), endpoint.method, given.body).then(
    (answer) => answer.data,
  );
}

/** As `call`, with the answer's message key: for calls whose success says different things (mailed or not). */
export function callWithMessage<E extends Endpoint>(
  endpoint: E,
  ...[input]: Args<E>
): Promise<{ data: AnswerOf<E>; message: string }> {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return send<AnswerOf<E>>(apiUrl(endpoint, given.params, given.query), endpoint.method, given.body);
}

/** The URL of an endpoint, for a link or an upload's action (a download, a form the browser posts). */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: UrlArgs<E>): string {
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  return apiUrl(endpoint, given.params, given.query);
}

/** Spec 9: an island's request gives up after 600000 ms (uploads and exports of large conferences take long). */
export const HTTP_TIMEOUT_MS = 600_000;

async function send<T>(url: string, method: string, body: unknown): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, (err as Error)?.name === 'TimeoutError' ? 'commonMsg.timeout' : 'userReg.passportError');
  }
  const answer = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.status === 401 && !alerted) {
    alerted = true;
    if (signInAlert) await signInAlert();
    location.assign(loginUrl());
  }
  if (res.status === 403 && answer?.message === 'commonMsg.forbidden') location.assign('/403');
  if (!answer || answer.code !== 200)
    throw new ApiError(
      res.status,
      answer?.message ?? 'commonMsg.serverError',
      answer?.field,
      answer?.params,
      answer?.fields?.length ? answer.fields : undefined,
    );
  return answer;
}

export { safeRedirectPath } from '../../server/contract/redirect';
