/**
 * An API endpoint written once: its method, its path (under /api, Express syntax with `:name`
 * parameters), the zod schemas of its body, query and path parameters, the message key of its
 * success, and (as a type only) what it answers. The server's `route()` mounts it and parses the
 * input with its schemas; the islands' `call()` builds the URL from it and types the body, so a
 * wrong body is a type error in the island and no path is written twice. No Node imports here:
 * the islands bundle this file.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a download endpoint answers: a file, not the JSON envelope. */
export type Download = { readonly download: true };

declare const ANSWER: unique symbol;

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  O = unknown,
> = {
  readonly method: M;
  readonly path: P;
  readonly body?: B;
  readonly query?: Q;
  /** the path parameters' schema; without it the handler reads them as strings */
  readonly params?: R;
  /** the message key of the success envelope (default 'success') */
  readonly done?: string;
  /** type only: what the endpoint answers */
  readonly [ANSWER]?: O;
};

/**
 * Declares an endpoint answering `O`: `endpoint<FeedbackView[]>()({ method: 'GET', path: '/x' })`.
 * Curried so that the answer type is written and the rest is inferred.
 */
export function endpoint<O = null>() {
  return <
    M extends Method,
    P extends string,
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
  >(def: {
    method: M;
    path: P;
    body?: B;
    query?: Q;
    params?: R;
    done?: string;
  }): Endpoint<M, P, B, Q, R, O> => def as Endpoint<M, P, B, Q, R, O>;
}

export type AnswerOf<E> =
  E extends Endpoint<Method, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer O>
    ? O
    : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a caller gives for a path's `:name` parameters. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

type Schema<S> = S extends z.ZodType ? S : never;

/** What a caller (an island, a test) passes: the body and query as the schemas accept them, and the path parameters. */
export type CallInput<E> =
  E extends Endpoint<Method, infer P, infer B, infer Q, z.ZodType | undefined, unknown>
    ? ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> }) &
        (B extends z.ZodType ? { body: z.input<Schema<B>> } : { body?: undefined }) &
        (Q extends z.ZodType ? { query?: z.input<Schema<Q>> } : { query?: undefined })
    : never;

/** What the server's handler reads: the parsed body, query and parameters. */
export type HandlerInput<E> =
  E extends Endpoint<Method, infer P, infer B, infer Q, infer R, unknown>
    ? {
        body: B extends z.ZodType ? z.output<Schema<B>> : undefined;
        query: Q extends z.ZodType ? z.output<Schema<Q>> : undefined;
        params: R extends z.ZodType ? z.output<Schema<R>> : Record<ParamNames<P>, string>;
      }
    : never;

/** The URL under /api of an endpoint with its parameters filled in and its query appended. */
/** Where every API path lives: what a service worker or a cache must never keep. */
export const API_PREFIX = '/api';

export function apiUrl(
  endpoint: Endpoint,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  const qs = search.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}
