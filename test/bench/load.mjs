// The load side of a benchmark, run as its own node process so the server under test has its
// process to itself. argv: port, JSON { host, method, path, body?, headers?, tokens, count?, concurrency, seconds? }
// (headers: more request headers, e.g. the accept-encoding a browser sends).
// Each request i uses tokens[i % tokens.length] as the session cookie ('' for none). It stops
// after `count` requests, or after `seconds`, or on SIGTERM (a caller that loads the server while
// something else runs, for as long as that runs): then it sends nothing more, waits for the
// answers still coming and reports. Prints JSON:
// { count, ms, perSecond, p50, p95, p99, max, maxGap, statuses } (maxGap: the longest time in which
// no answer arrived, ms: how long the server stood still, at most).
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const spec = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
const body = spec.body ? Buffer.from(JSON.stringify(spec.body)) : null;
const count = spec.count ?? Infinity;
const deadline = spec.seconds ? performance.now() + spec.seconds * 1000 : Infinity;
let stopping = false;
process.once('SIGTERM', () => (stopping = true));
let lastAnswer = performance.now();
let maxGap = 0;

function once(i) {
  return new Promise((resolve) => {
    const token = spec.tokens[i % spec.tokens.length];
    const headers = { host: spec.host, origin: `http://${spec.host}` };
    if (spec.headers) Object.assign(headers, spec.headers);
    if (token) headers.cookie = `token=${token}`;
    if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': body.length });
    const start = process.hrtime.bigint();
    const done = (key) => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - lastAnswer);
      lastAnswer = now;
      resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, key });
    };
    const req = http.request(
      { host: '127.0.0.1', port, method: spec.method, path: spec.path, headers, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let key = String(res.statusCode);
          if (body) {
            try {
              key += ` ${JSON.parse(Buffer.concat(chunks).toString()).message}`;
            } catch {
              /* not JSON */
            }
          }
          done(key);
        });
      },
    );
    req.on('error', (err) => done(`error ${err.code ?? ''}`.trim()));
    if (body) req.write(body);
    req.end();
  });
}

const results = [];
let next = 0;
const started = process.hrtime.bigint();
await Promise.all(
  Array.from({ length: spec.concurrency }, async () => {
    while (next < count && !stopping && performance.now() < deadline) results.push(await once(next++));
  }),
);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const statuses = {};
for (const r of results) statuses[r.key] = (statuses[r.key] ?? 0) + 1;
agent.destroy();
process.stdout.write(
  JSON.stringify({
    count: results.length,
    ms,
    perSecond: (results.length / ms) * 1000,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
    maxGap,
    statuses,
  }),
);
