/**
 * The one way a provider talks to its gateway: a bounded HTTP request. The host is the gateway's
 * (gatewayBase: production, sandbox, or the operator's override), never one a conference typed;
 * every call has a deadline and a cap on what it reads, so a slow or hostile peer cannot hold a
 * request or fill the memory. Failures are GatewayErrors: the payer sees spec 8's "Payment
 * exception", the log the detail.
 */
import { GatewayError } from './provider';

export type GatewayRequest = {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** default 15 s */
  timeoutMs?: number;
};

export type GatewayResponse = { status: number; headers: Headers; body: string };

/** A gateway answers in kilobytes; anything past this is not a gateway's answer. */
const MAX_BYTES = 1024 * 1024;

export async function gatewayRequest(req: GatewayRequest): Promise<GatewayResponse> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(req.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new GatewayError(
      `${req.method} ${req.url}: ${(err as Error).name === 'TimeoutError' ? 'no answer in time' : (err as Error).message}`,
    );
  }
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read().catch((err: Error) => {
        throw new GatewayError(`${req.method} ${req.url}: ${err.message}`);
      });
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BYTES) {
        await reader.cancel();
        throw new GatewayError(`${req.method} ${req.url}: answer larger than ${MAX_BYTES} bytes`);
      }
      chunks.push(value);
    }
  }
  return { status: res.status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}

/** The answer's JSON, or a GatewayError naming what came instead. */
export function jsonOf<T>(res: GatewayResponse, what: string): T {
  try {
    return JSON.parse(res.body) as T;
  } catch {
    throw new GatewayError(`${what}: HTTP ${res.status}, not JSON: ${res.body.slice(0, 200)}`, res.status);
  }
}
