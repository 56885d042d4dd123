// The load side of the programme benchmark (test/bench/programme.ts), its own node process: moves
// one item back and forth `moves` times, one drop after another (each with the revision the last
// answer gave, as the editor does), then asks for the whole programme's conflicts `checks` times.
// argv: port, JSON file { host, token, item: { id, revision }, a: place, b: place, moves, checks }.
// Prints JSON { drop: { p50, p95, max, statuses }, conflicts: { p50, p95, max, count } }.
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const spec = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function ask(method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body ? Buffer.from(JSON.stringify(body)) : null;
    const headers = { host: spec.host, origin: `http://${spec.host}`, cookie: `token=${spec.token}` };
    if (data) Object.assign(headers, { 'content-type': 'application/json', 'content-length': data.length });
    const start = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          status: res.statusCode,
          body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        }),
      );
    });
    req.on('error', reject);
    req.end(data ?? undefined);
  });
}

const stats = (times) => {
  if (!times.length) return { p50: 0, p95: 0, max: 0 };
  const s = [...times].sort((x, y) => x - y);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};

const API = '/api/conference/platform/manage/programme';
let revision = spec.item.revision;
const drops = [];
const statuses = {};
for (let i = 0; i < spec.moves; i++) {
  const to = i % 2 ? spec.a : spec.b;
  const r = await ask('POST', `${API}/items/${spec.item.id}/place`, { revision, ...to });
  statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  if (r.status === 200) revision = r.body.data.item.revision;
  drops.push(r.ms);
}
const checks = [];
let count = 0;
for (let i = 0; i < spec.checks; i++) {
  const r = await ask('GET', `${API}/conflicts`);
  count = r.body?.data?.length ?? -1;
  checks.push(r.ms);
}
console.log(JSON.stringify({ drop: { ...stats(drops), statuses }, conflicts: { ...stats(checks), count } }));
agent.destroy();
