/**
 * Mounts a contract endpoint (server/contract/endpoint.ts) on a router, in the shape of a thin
 * handler: the access declaration first, then the endpoint's schemas parse the input, then the
 * handler, whose answer is sent in the success envelope with the endpoint's message. A handler
 * that writes the response itself (a download, a stream) answers `SENT`.
 *
 *   route(router, feedbackApi.mine, access('user', 'conference'), async ({ query }, req) => …);
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import type { AnswerOf, Download, Endpoint, HandlerInput } from '../contract/endpoint';
import type { WorkStarted } from '../contract/work';
import type { AccessGuard } from './access';
import { sendOk } from './errors';
import { parseInput } from './validate';

/** A handler's answer when it has written the response itself. */
export type Sent = { readonly responseSent: true };
export const SENT: Sent = Object.freeze({ responseSent: true as const });

/** An answer with a message other than the endpoint's own (a branch of the handler). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** A download answers its file (Sent), or — when it is long work (issue 30) — the work, with HTTP 202 (`workStarted`). */
type Answer<E> = AnswerOf<E> extends Download ? Sent | WorkStarted : AnswerOf<E> | Reply<AnswerOf<E>> | Sent;

export type EndpointHandler<E> = (
  input: HandlerInput<E>,
  req: Request,
  res: Response,
) => Promise<Answer<E>> | Answer<E>;

/** Marks the handler with its endpoint, so the router-table test can tell every API route came from a contract. */
export type RoutedHandler = RequestHandler & { endpoint: Endpoint };

/**
 * The parsed input, each part parsed when the handler first reads it: a handler that must refuse
 * for another reason first (a closed site, a rate limit) reads the body after that check, as the
 * order of its messages requires.
 */
function inputOf<E extends Endpoint>(endpoint: E, req: Request): HandlerInput<E> {
  const parsed: Record<string, unknown> = {};
  const part = (name: 'body' | 'query' | 'params', schema: Endpoint['body'], raw: unknown) => ({
    enumerable: true,
    get: () => {
      if (!(name in parsed)) parsed[name] = schema ? parseInput(schema, raw) : name === 'params' ? raw : undefined;
      return parsed[name];
    },
  });
  return Object.defineProperties(
    {},
    {
      body: part('body', endpoint.body, req.body),
      query: part('query', endpoint.query, req.query),
      params: part('params', endpoint.params, req.params),
    },
  ) as HandlerInput<E>;
}

export function route<E extends Endpoint>(
  router: Router,
  endpoint: E,
  guard: AccessGuard | [AccessGuard, ...RequestHandler[]],
  handler: EndpointHandler<E>,
): void {
  const guards = Array.isArray(guard) ? guard : [guard];
  const run: RoutedHandler = Object.assign(
    async (req: Request, res: Response) => {
      const answer = await handler(inputOf(endpoint, req), req, res);
      if (answer === SENT || res.headersSent) return;
      if (answer instanceof Reply) sendOk(res, answer.data, answer.message);
      else sendOk(res, answer, endpoint.done);
    },
    { endpoint },
  );
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  router[method](endpoint.path, ...guards, run);
}
