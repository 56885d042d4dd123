/**
 * One contract per feature (issue 11): every endpoint of server/contract is mounted once, with its
 * own method and path, through route(); the islands call endpoints, not hand-written paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { routeTable } from '../../helpers/routes';
import { ENDPOINTS } from '../../../server/contract/endpoints';
import type { Endpoint } from '../../../server/contract/endpoint';
import { ROOT_DIR } from '../../../server/paths';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

const all = Object.entries(ENDPOINTS).flatMap(([feature, map]) =>
  Object.entries(map as Record<string, Endpoint>).map(([name, e]) => ({ name: `${feature}.${name}`, e })),
);

test('every endpoint of the contracts is mounted once, with its method and path, through route()', () => {
  const routes = routeTable(h.express);
  const wrong = all.flatMap(({ name, e }) => {
    const mounted = routes.filter((r) => r.endpoint === e);
    if (mounted.length !== 1) return [`${name}: mounted ${mounted.length} times`];
    const r = mounted[0];
    return r.method === e.method && r.path === `/api${e.path}`
      ? []
      : [`${name}: mounted as ${r.method} ${r.path}, declared ${e.method} /api${e.path}`];
  });
  expect(wrong).toEqual([]);
});

test('no two endpoints share a method and path', () => {
  const keys = all.map(({ e }) => `${e.method} ${e.path}`);
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
});

function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourcesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

test('every API route came from a contract endpoint', () => {
  const routes = routeTable(h.express).filter((r) => r.path.startsWith('/api/'));
  expect(routes.length).toBeGreaterThan(100);
  expect(routes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

test('the islands and pages write no API path by hand', () => {
  const files = ['islands', 'pages', 'renderer'].flatMap((d) => sourcesUnder(path.join(ROOT_DIR, d)));
  const handWritten = files.filter((f) =>
    /['"`]\/api\/|['"`]\/conference\/|\bapi\s*[<(]/.test(fs.readFileSync(f, 'utf8')),
  );
  expect(handWritten.map((f) => path.relative(ROOT_DIR, f))).toEqual([]);
});
