/**
 * A rolling restart loses no request (issue: operations; docs/operations.md "Shutdown"): the
 * compiled server is sent SIGTERM while slow requests are in flight and new ones keep coming.
 * /readyz turns 503 at once while requests are still answered (the proxy's cue); every request
 * sent before the proxy would have noticed is answered; the process exits 0 within 30 s.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer } from './server';

type Outcome = { status: number } | { error: string };

function get(port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost' }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/** A request whose body trickles in over `ms`: in flight the whole time. */
function slowPost(port: number, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ padding: 'x'.repeat(100) });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/slow-upload',
        agent: false,
        headers: { host: 'localhost', 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode! }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const timer = setInterval(() => {
      req.write(body.slice(i * size, (i + 1) * size));
      if (++i === pieces) {
        clearInterval(timer);
        req.end();
      }
    }, ms / pieces);
  });
}

test(
  'SIGTERM: not ready at once, every request taken is answered, exit 0 within 30 s',
  { timeout: 120_000 },
  async () => {
    const server = await startServer({ env: { SHUTDOWN_DELAY_MS: '3000' } });
    const { port } = server;
    assert.deepEqual(await get(port, '/readyz'), { status: 200 });

    const slow = Array.from({ length: 3 }, () => slowPost(port, 5000));
    // A steady stream, as a proxy sends until it sees /readyz fail.
    const stream: Array<Promise<Outcome>> = [];
    let proxyNoticed = false;
    const sender = setInterval(() => {
      if (!proxyNoticed) stream.push(get(port, '/'));
    }, 25);
    sender.unref();
    await new Promise((r) => setTimeout(r, 600));

    const signalled = Date.now();
    const exited = server.stop();
    let readyAfter: Outcome | undefined;
    for (let tries = 0; tries < 20 && !proxyNoticed; tries++) {
      readyAfter = await get(port, '/readyz');
      proxyNoticed = 'status' in readyAfter && readyAfter.status === 503;
      if (!proxyNoticed) await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(readyAfter, { status: 503 }, '/readyz answers 503 once SIGTERM arrived');
    assert.deepEqual(await get(port, '/healthz'), { status: 200 }, 'and the process still answers meanwhile');
    clearInterval(sender);

    await exited;
    const tookMs = Date.now() - signalled;
    const streamed = await Promise.all(stream);
    const slowDone = await Promise.all(slow);
    const failed = [...streamed, ...slowDone].filter((o) => 'error' in o || o.status >= 500);
    assert.deepEqual(
      failed,
      [],
      `no request failed (${streamed.length} streamed, ${slowDone.length} slow)\n${server.log()}`,
    );
    assert.ok(streamed.length >= 5, `a stream was sent (${streamed.length})`);
    // The slow ones outlived the delay (5 s against 3): answered after the port closed, before the exit.
    assert.ok(
      slowDone.every((o) => 'status' in o && o.status < 500),
      JSON.stringify(slowDone),
    );
    assert.equal(server.exitCode(), 0, server.log());
    assert.ok(tookMs < 30_000, `exited in ${tookMs} ms`);
    // And the port is closed.
    assert.ok('error' in (await get(port, '/healthz')));
  },
);
