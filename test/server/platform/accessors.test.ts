/**
 * Who calls and which conference are read through `identityOf(req)` / `siteOf(req)`
 * (server/platform/context.ts), not from `req.ctx` directly: one place says what an absent value
 * is. Only the middleware that sets them (and the callback guard, which clears them) writes there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, filesUnder } from './tableUses';

const WRITERS = ['server/platform/context.ts', 'server/platform/sessionMiddleware.ts', 'server/platform/tenant.ts'];

/** `req.ctx.identity` or `ctx?.site` read (not assigned) in a line of code. */
export function directReads(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter(
      (line) =>
        /\breq\.ctx\??\.(identity|site)\b(?!\s*=[^=])/.test(line) ||
        /\{[^}]*\b(identity|site)\b[^}]*\}\s*=\s*req\.ctx\b/.test(line),
    );
}

test('identity and site are read through their accessors', () => {
  const files = ['server', 'renderer']
    .flatMap((dir) => filesUnder(path.join(ROOT, dir)))
    .filter((f) => !WRITERS.includes(path.relative(ROOT, f)));
  const direct = files.flatMap((file) =>
    directReads(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
  );
  expect(direct).toEqual([]);
});

test('the reader sees a direct read and lets writes and accessors pass', () => {
  expect(
    directReads('const a = req.ctx.identity;\nconst { lang, site } = req.ctx;\nif (req.ctx?.site) x();'),
  ).toHaveLength(3);
  expect(
    directReads('req.ctx.identity = null;\nconst a = identityOf(req);\n// req.ctx.site is set by the tenant'),
  ).toEqual([]);
});
