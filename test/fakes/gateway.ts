/**
 * What every payment gateway fake offers the tests (issue 13 "The fakes and the tests"). A fake is
 * a small HTTP server on 127.0.0.1 that speaks its gateway's protocol with keys and certificates
 * made for the run (pki.ts); the platform reaches it through PAYMENT_GATEWAY_URLS. The shared
 * scenario suite (test/server/payments/scenarios.test.ts) drives every fake through this face.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fault in a notification: one byte changed in the signed body, a certificate serial the platform does not know, a timestamp 10 minutes old, no signature at all. */
export type NotificationFault = 'byte' | 'serial' | 'stale' | 'unsigned';

/** A notification as the gateway would send it, to be posted to the platform by the test (or by the fake itself). */
export type FakeNotification = { url: string; headers: Record<string, string>; body: string };

export interface FakeGateway {
  /** the base URL to give PAYMENT_GATEWAY_URLS for the fake's methods */
  readonly url: string;
  /** a complete configuration of the method (fields and secrets), as a manager would save it */
  config(): Record<string, string>;
  /** the attempt as the gateway knows it: its state in the gateway's words, the amount asked, or undefined if never created */
  order(
    attemptNo: string,
  ):
    | { state: string; amount: number; currency: string; notifyUrl: string; subject: string; passback: string }
    | undefined;
  /**
   * Plays the payer: the attempt becomes paid at the gateway (optionally with another amount or
   * currency, to test the platform's checks). Returns the notification the gateway would send,
   * without sending it; `fault` spoils it.
   */
  pay(attemptNo: string, options?: { amount?: number; currency?: string; fault?: NotificationFault }): FakeNotification;
  /** the attempt expires at the gateway (its QR code is no longer taken) */
  expire(attemptNo: string): void;
  /** the refunds the gateway recorded for the attempt, by refund number (a number given twice is one refund) */
  refunds(attemptNo: string): Array<{ refundNo: string; amount: number }>;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 and resolves with its base URL. */
export async function listen(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The request's body, whole. */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Posts a notification to the platform. Node's fetch cannot reach `*.localhost` names, so the
 * request goes to 127.0.0.1 with the URL's host in the Host header.
 */
export function deliver(n: FakeNotification): Promise<{ status: number; body: string }> {
  const target = new URL(n.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(target.port || 80),
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...n.headers, host: target.host, 'content-length': Buffer.byteLength(n.body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(n.body);
  });
}
