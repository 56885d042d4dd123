/**
 * A just-started web instance renders its first antd page cold: Vike imports the page's server
 * entry and antd builds its styles. The sign-in form took 0.8 s that first time on a quiet
 * machine (3 ms the second), and seconds on a busy one, so the first person after every restart
 * or deploy waited for it. The instance asks itself for the platform's password-reset form (the
 * account page, which every conference's sign-in and sign-up share) once, in the background,
 * right after it listens. `npm run bench:startup` prints both sides.
 *
 * The start does not wait for it, and a failure only logs: the first visitor then pays the cold
 * render, as before. The render holds the event loop while it runs, so a readiness probe that
 * arrives meanwhile is answered after it, and a proxy's first visitor meets a warm instance.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from './logger';

/** The page rendered: on the platform host, which every deployment has (no conference needed). */
export const WARM_UP_PATH = '/resetPassword';
const TIMEOUT_MS = 30_000;

/** Where the instance can reach itself: its own address, or loopback when it listens on all of them. */
function selfAddress(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '::1';
  return address.address;
}

/** Renders the account page once; resolves with how long it took and its status (0: no answer). */
export function warmUp(address: AddressInfo, platformHost: string): Promise<{ ms: number; status: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ ms: Date.now() - started, status });
    const req = http.get(
      {
        host: selfAddress(address),
        port: address.port,
        path: WARM_UP_PATH,
        headers: { host: platformHost, 'user-agent': 'conference-platform warm-up', 'accept-language': 'zh-CN' },
        timeout: TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
  });
}

/** Starts the warm-up and logs its outcome; the caller does not wait. */
export function warmUpInBackground(address: AddressInfo, platformHost: string): void {
  void warmUp(address, platformHost).then(({ ms, status }) => {
    if (status === 200) logger.info({ ms }, `warmed up: ${WARM_UP_PATH} rendered once`);
    else logger.warn({ ms, status }, `warm-up: ${WARM_UP_PATH} did not render (the first visitor renders it cold)`);
  });
}
