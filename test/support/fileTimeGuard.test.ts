/** The suite's own guard (issue 36): a test file over the limit fails the run; under it, it passes. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function runFixture(limitMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'test/support/fixtures/vitest.fixture.config.ts',
      ],
      {
        cwd: root,
        env: { ...process.env, TEST_FILE_LIMIT_MS: String(limitMs), VITEST: undefined, TEST_DIALECT: undefined },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

test('a file slower than the limit fails the run and is named; a faster one passes', async () => {
  const [slow, fast] = await Promise.all([runFixture(500), runFixture(30_000)]);
  expect(slow.output).toContain('FAIL (suite guard)');
  expect(slow.output).toContain('slowFile.fixture.ts');
  expect(slow.code).toBe(1);
  expect(fast.output).not.toContain('FAIL (suite guard)');
  expect(fast.code).toBe(0);
}, 60_000);
