/**
 * `npm test`: every check, in stages, each timed (issue 36: CI has a fixed budget and every note
 * quotes where it goes).
 *
 *   1. type check, lint and the formatter's check, side by side;
 *   2. the production build, unless dist/ was built from exactly these sources (npm install's
 *      `prepare` has just built it: the stamp says so);
 *   3. unit and integration tests on SQLite and, when TEST_DATABASE_URL names one, on
 *      MariaDB/MySQL, side by side (the MariaDB side waits on its server much of the time);
 *   4. the browser tests in Chromium, two files at a time.
 *
 * Prints each stage's wall time, the count of tests run, and a closing "N passed, N failed" line.
 * Writes the stage times to test-results/stages.tsv for .ci/run's summary. Stops at the first
 * failed stage, as `a && b && c` did.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsCurrent } from '../server/buildStamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
for (const stale of ['stages.tsv', 'tests.txt', 'vitest-sqlite.json', 'vitest-mariadb.json'])
  fs.rmSync(path.join(results, stale), { force: true });
const stages = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

/** Runs a command, its output shown as it comes (prefixed when another runs beside it), and resolves with its exit code and output. */
function run(name, command, args, { env = {}, prefix = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const show = (stream) => (chunk) => {
      const text = chunk.toString();
      output += text;
      stream.write(prefix ? text.replace(/^(?=.)/gm, `[${name}] `) : text);
    };
    child.stdout.on('data', show(process.stdout));
    child.stderr.on('data', show(process.stderr));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      stages.push({ name, seconds, code });
      resolve({ code, output });
    });
  });
}

function summary() {
  const lines = stages.map(
    (s) =>
      `${s.name}\t${s.seconds.toFixed(0)}\t${s.code === 0 ? 'ok' : s.code === null ? 'skipped' : `exit ${s.code}`}`,
  );
  fs.writeFileSync(path.join(results, 'stages.tsv'), `${lines.join('\n')}\n`);
  console.log('\n== npm test: wall time per stage');
  for (const s of stages)
    console.log(
      `  ${s.name.padEnd(22)} ${s.seconds.toFixed(0).padStart(5)} s  ${s.code === 0 ? 'ok' : s.code === null ? 'skipped' : `FAILED (exit ${s.code})`}`,
    );
  console.log(
    `\ntests run: ${counts.passed + counts.failed} (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)`,
  );
  const closing = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  fs.writeFileSync(path.join(results, 'tests.txt'), `${closing}\n`);
  console.log(closing);
}

function finish(code) {
  summary();
  process.exit(code);
}

/** Vitest's counts, from the JSON it wrote. */
function addVitestCounts(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + r.numTodoTests;
}

/** The node test runner's counts, from its closing lines ("# pass 54" or "ℹ pass 54"). */
function addNodeTestCounts(output) {
  const read = (key) =>
    [...output.matchAll(new RegExp(`^(?:#|ℹ) ${key} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  counts.passed += read('pass');
  counts.failed += read('fail');
  counts.skipped += read('skipped') + read('todo');
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);

// 1. Type check, lint and the formatter's check, side by side.
const [typecheck, lint, format] = await Promise.all([
  // Both keep what they learnt in node_modules/.cache, so a second run checks only what changed.
  run(
    'typecheck',
    bin('tsc'),
    ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/tsbuildinfo'],
    { prefix: true },
  ),
  run('lint', bin('eslint'), ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/'], { prefix: true }),
  // Prettier (.prettierrc.json, width 120): `npm run format` writes what this checks.
  run(
    'format',
    bin('prettier'),
    ['--check', '.', '--cache', '--cache-location', 'node_modules/.cache/prettier/cache', '--log-level', 'warn'],
    { prefix: true },
  ),
]);
if (typecheck.code || lint.code || format.code) finish(1);

// 2. The build, unless dist/ is already built from these sources.
if (buildIsCurrent(root)) {
  console.log('\n== build: dist/ was built from these sources (server/buildStamp.mjs), not built again');
  stages.push({ name: 'build', seconds: 0, code: 0 });
} else if ((await run('build', 'npm', ['run', 'build'])).code) finish(1);

// 3. Unit and integration tests: SQLite and MariaDB side by side.
const vitest = (project, workers) =>
  run(
    `unit (${project})`,
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=test-results/vitest-${project}.json`,
      '--reporter=./test/support/fileTimeGuard.ts',
    ],
    {
      env: { TEST_WORKERS: String(workers) },
      prefix: true,
    },
  );
const unit = await Promise.all(
  process.env.TEST_DATABASE_URL ? [vitest('sqlite', 1), vitest('mariadb', 2)] : [vitest('sqlite', 2)],
);
addVitestCounts(path.join(results, 'vitest-sqlite.json'));
if (process.env.TEST_DATABASE_URL) addVitestCounts(path.join(results, 'vitest-mariadb.json'));
if (unit.some((u) => u.code)) finish(1);

// 4. The browser tests, two files at a time, the longest first. Measured on CI's two-core machine
// (2026-11-28, six files): one at a time 201 s, two 182 s, three 225 s. With three, Chromium and the
// servers spent 40 % more CPU on the same work (waits that poll ran longer while the cores were
// shared), so the third file cost more than it gained. The longest files start first so that none
// of them starts last and runs alone at the end (`node --test` sorts its files by name; the runner
// of test/support/browserRun.mjs keeps this order).
const LONGEST_FIRST = ['accessibility', 'screens32', 'manageTables', 'spec8', 'overview', 'overviewLinks'];
const rank = (file) => {
  const i = LONGEST_FIRST.indexOf(path.basename(file, '.test.ts'));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const e2eFiles = fs
  .readdirSync(path.join(root, 'test/e2e'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/e2e/${f}`)
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const e2e = await run('browser (Chromium)', process.execPath, [
  '--import',
  'tsx',
  'test/support/browserRun.mjs',
  '--concurrency',
  process.env.E2E_CONCURRENCY ?? '2',
  ...e2eFiles,
]);
addNodeTestCounts(e2e.output);
finish(e2e.code ? 1 : 0);
