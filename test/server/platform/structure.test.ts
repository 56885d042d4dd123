/**
 * The house's arrows point down (DESIGN.md 2, issue 11): the platform imports no feature, no
 * feature imports the Vike pages or the demo seed, every feature has its front door, and the
 * features import each other without cycles (a feature reaches one listed after it through the
 * shared dependencies, not an import), a screen island imports no other island's folder, and no
 * source or test file grows past 400 lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../../server/paths';
import { FEATURES } from '../../../server/features';

const SERVER = path.join(ROOT_DIR, 'server');
const MODULES = path.join(SERVER, 'modules');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

/** The files a file imports (relative imports only), resolved to absolute paths without extension. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.tsx?$/, ''));
}

const rel = (p: string) => path.relative(ROOT_DIR, p);

test('no file under server/platform imports a feature', () => {
  const offenders = filesUnder(path.join(SERVER, 'platform')).flatMap((f) =>
    importsOf(f)
      .filter((i) => i.startsWith(MODULES + path.sep))
      .map((i) => `${rel(f)} -> ${rel(i)}`),
  );
  expect(offenders).toEqual([]);
});

test('no feature imports the Vike pages or the seed', () => {
  const forbidden = [path.join(ROOT_DIR, 'pages') + path.sep, path.join(SERVER, 'seed') + path.sep];
  const offenders = filesUnder(MODULES).flatMap((f) =>
    importsOf(f)
      .filter((i) => forbidden.some((d) => i.startsWith(d)))
      .map((i) => `${rel(f)} -> ${rel(i)}`),
  );
  expect(offenders).toEqual([]);
});

test('every feature folder has a front door, and every front door is in the list of features', () => {
  const folders = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  expect(folders.filter((f) => !fs.existsSync(path.join(MODULES, f, 'index.ts')))).toEqual([]);
  expect(FEATURES.map((f) => f.name).sort()).toEqual(folders);
});

test('the server tests mirror the house: one folder per feature, plus the platform, contract and db', () => {
  const tests = path.join(ROOT_DIR, 'test', 'server');
  const features = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const allowed = new Set([...features, 'platform', 'contract', 'db', 'helpers']);
  const folders = fs
    .readdirSync(tests, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  expect(folders.filter((f) => !allowed.has(f))).toEqual([]);
});

test('app.ts names no feature: it loops over the list', () => {
  const app = fs.readFileSync(path.join(SERVER, 'app.ts'), 'utf8');
  expect(app).not.toMatch(/modules\//);
  expect(app.split('\n').length).toBeLessThan(200);
});

/**
 * Every file a file names: its imports and re-exports, type-only ones included (a type reached
 * around the front door ties a feature to another's insides as surely as a value), its bare
 * imports and its dynamic `import('…')`s (`typeof import('…')` too), resolved without extension.
 */
function everyImportOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g),
    ...source.matchAll(/(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.(tsx?|js)$/, ''));
}

const featureOfPath = (p: string) =>
  p.startsWith(MODULES + path.sep) ? p.slice(MODULES.length + 1).split(path.sep)[0] : null;

test("a feature is reached only through its front door: another feature's or a page's import of it resolves to its index.ts", () => {
  const outside = ['islands', 'pages', 'renderer'].map((d) => path.join(ROOT_DIR, d)).filter((d) => fs.existsSync(d));
  const offenders = [MODULES, ...outside].flatMap(filesUnder).flatMap((file) => {
    const from = featureOfPath(file);
    return everyImportOf(file)
      .filter((i) => {
        const to = featureOfPath(i);
        return to !== null && to !== from && i !== path.join(MODULES, to, 'index') && i !== path.join(MODULES, to);
      })
      .map((i) => `${rel(file)} -> ${rel(i)}`);
  });
  expect(offenders).toEqual([]);
});

/**
 * A screen island is one folder (docs/development.md "Islands import their own folder"): what two
 * screens share lives in `islands/shared/`, or in `server/contract/` when it is an API's shape, so
 * a screen's parts can change without breaking another screen (or putting its code on that
 * screen's page). npm packages are not relative imports and are not read here.
 */
test("an island imports only its own folder, islands/shared/ and server/contract/; islands/shared/ imports no island's folder", () => {
  const islands = path.join(ROOT_DIR, 'islands');
  const shared = path.join(islands, 'shared');
  const contract = path.join(SERVER, 'contract');
  const inside = (p: string, dir: string) => p.startsWith(dir + path.sep);
  let seen = 0;
  const offenders = filesUnder(islands).flatMap((file) => {
    const own = path.join(islands, path.relative(islands, file).split(path.sep)[0]);
    const allowed = [own, shared, contract];
    return everyImportOf(file)
      .filter((i) => {
        seen++;
        return !allowed.some((dir) => inside(i, dir));
      })
      .map((i) => `${rel(file)} -> ${rel(i)}`);
  });
  expect(seen).toBeGreaterThan(1000);
  expect(offenders).toEqual([]);
});

test('features import each other without cycles', () => {
  const featureOf = (p: string) =>
    p.startsWith(MODULES + path.sep) ? p.slice(MODULES.length + 1).split(path.sep)[0] : null;
  const edges = new Map<string, Set<string>>();
  for (const file of filesUnder(MODULES)) {
    const from = featureOf(file)!;
    for (const to of importsOf(file).map(featureOf))
      if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
  }
  const cycles: string[] = [];
  const visit = (node: string, trail: string[]) => {
    if (trail.includes(node)) return void cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
    if (trail.length > 20) return;
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  expect([...new Set(cycles)]).toEqual([]);
});

/** The files a file loads when it runs: its relative imports but the type-only ones (erased). */
function runtimeImportsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'(\.[^']+)'/g)].map(
    (m) => m[1],
  );
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.tsx?$/, ''));
}

test("every feature's CPU tasks are in the pool's registry, and a task file reaches no database or app", () => {
  const registry = fs.readFileSync(path.join(SERVER, 'workerTasks.ts'), 'utf8');
  const taskFiles = filesUnder(MODULES).filter((f) => path.basename(f) === 'tasks.ts');
  expect(
    taskFiles.filter((f) => !registry.includes(`./${path.relative(SERVER, f).replace(/\.ts$/, '')}'`)).map(rel),
  ).toEqual([]);
  // What a pool thread loads must not open the database or build the app (platform/work/types.ts).
  const forbidden = [
    path.join(SERVER, 'db'),
    path.join(SERVER, 'app'),
    path.join(SERVER, 'platform', 'route'),
    path.join(SERVER, 'platform', 'access'),
  ];
  const seen = new Set<string>();
  const offenders: string[] = [];
  const walk = (file: string, from: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source =
      ['.ts', '.tsx'].map((e) => file + e).find((f) => fs.existsSync(f)) ?? (fs.existsSync(file) ? file : null);
    if (!source) return;
    for (const i of runtimeImportsOf(source)) {
      if (forbidden.some((f) => i === f || i.startsWith(f + path.sep)))
        offenders.push(`${from} -> ${rel(source)} -> ${rel(i)}`);
      else walk(i, from);
    }
  };
  for (const f of [...taskFiles, path.join(SERVER, 'workerTasks.ts')]) walk(f.replace(/\.ts$/, ''), rel(f));
  expect(offenders).toEqual([]);
});

/**
 * Files stay short (DESIGN.md 2): past about 400 lines a file is doing two things. Counted as
 * formatted (Prettier, width 120); generated files and migrations aside. The tests are held to it
 * too: a long test file is a second subject waiting for its own file (and its own worker).
 */
const MAX_LINES = 400;

function sourceFiles(): string[] {
  const migrations = path.join(SERVER, 'db', 'migrations') + path.sep;
  return ['server', 'islands', 'renderer', 'pages', 'test']
    .map((d) => path.join(ROOT_DIR, d))
    .filter((d) => fs.existsSync(d))
    .flatMap(filesUnder)
    .filter((f) => !f.endsWith('.gen.ts') && !f.startsWith(migrations));
}

const linesOf = (file: string) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
const relPosix = (file: string) => rel(file).split(path.sep).join('/');

test(`no source or test file is longer than ${MAX_LINES} lines`, () => {
  const long = sourceFiles()
    .filter((f) => linesOf(f) > MAX_LINES)
    .map((f) => `${relPosix(f)}: ${linesOf(f)} lines`);
  expect(long).toEqual([]);
});
