/**
 * A guard on the suite itself (issue 36): CI has a fixed budget, so a test file that takes more
 * than a minute fails the run when it is written, not when CI is already late. It also prints the
 * slowest files and tests of the run, and keeps them in test-results/ for docs/development.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** TEST_FILE_LIMIT_MS is for the guard's own test (test/support/fileTimeGuard.test.ts). */
export const FILE_LIMIT_MS = Number(process.env.TEST_FILE_LIMIT_MS ?? 60_000);

/**
 * A file's tests and hooks (its harness included). Not its imports: modules load once per worker
 * (isolate: false), so the first file of each worker would pay the whole server's import.
 */
function fileMs(m: TestModule): number {
  return m.diagnostic().duration;
}

export default class FileTimeGuard implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (!modules.length) return;
    const root = process.cwd();
    const files = modules
      .map((m) => ({
        project: m.project.name,
        file: path.relative(root, m.moduleId),
        ms: Math.round(fileMs(m)),
        importMs: Math.round(m.diagnostic().collectDuration),
      }))
      .sort((a, b) => b.ms - a.ms);
    const tests = modules
      .flatMap((m) =>
        [...m.children.allTests()].map((t) => ({
          project: m.project.name,
          file: path.relative(root, m.moduleId),
          name: t.fullName,
          ms: Math.round(t.diagnostic()?.duration ?? 0),
        })),
      )
      .sort((a, b) => b.ms - a.ms);
    const projects = [...new Set(files.map((f) => f.project))].join('-') || 'vitest';
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'test-results', `timings-${projects}.json`),
      JSON.stringify({ files, slowestTests: tests.slice(0, 50) }, null, 1),
    );
    console.log(
      `\nslowest files (${projects}): ${files
        .slice(0, 8)
        .map((f) => `${f.file} ${(f.ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
    );
    const slow = files.filter((f) => f.ms > FILE_LIMIT_MS);
    if (!slow.length) return;
    for (const f of slow)
      console.error(
        `FAIL (suite guard) ${f.project} ${f.file} took ${(f.ms / 1000).toFixed(1)} s, over ${FILE_LIMIT_MS / 1000} s: split it or make it faster (docs/development.md, "Test time")`,
      );
    process.exitCode = 1;
  }
}
