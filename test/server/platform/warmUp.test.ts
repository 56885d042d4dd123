/**
 * The start's warm-up (docs/operations.md "Start"): the instance renders the platform's
 * password-reset page once by asking itself, and a warm-up that gets no answer settles quietly
 * (status 0) instead of throwing into the start. Its time saved is a benchmark's figure
 * (`npm run bench:startup`), not asserted here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { freePort } from '../../e2e/server';
import { warmUp, WARM_UP_PATH } from '../../../server/platform/warmUp';

let harness: Harness;
let server: http.Server;
const seen: Array<{ host?: string; url?: string; status: number }> = [];

beforeAll(async () => {
  harness = await createHarness({ seedDemo: false });
  server = http.createServer((req, res) => {
    res.on('finish', () => seen.push({ host: req.headers.host, url: req.url, status: res.statusCode }));
    harness.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await harness?.stop();
});

test('renders the account page on the platform host, over a real connection to itself', async () => {
  const address = server.address() as AddressInfo;
  const result = await warmUp(address, 'platform.localhost');
  expect(result.status).toBe(200);
  expect(seen).toEqual([{ host: 'platform.localhost', url: WARM_UP_PATH, status: 200 }]);
});

test('an instance listening on every address is reached on loopback', async () => {
  const result = await warmUp(
    { address: '0.0.0.0', family: 'IPv4', port: (server.address() as AddressInfo).port },
    'platform.localhost',
  );
  expect(result.status).toBe(200);
});

test('no answer: settles with status 0 and does not throw', async () => {
  const port = await freePort();
  await expect(warmUp({ address: '127.0.0.1', family: 'IPv4', port }, 'platform.localhost')).resolves.toMatchObject({
    status: 0,
  });
});
