/**
 * Issue 32: the JavaScript a page loads before it is usable, gzipped, per screen island, from the
 * build (dist/, as CI builds it before the browser tests; no server, no browser). Pages where
 * attendees, authors and reviewers act: 250 KB; management pages: 400 KB (test/bench/pageScripts.ts
 * says which is which and what counts). `npm run bench:page-weight` prints the same figures.
 *
 * A page over its budget is listed below with a ceiling (its weight when listed, plus a few KB for
 * the screens' ordinary changes) that it may not pass; a listed page that comes within its budget
 * leaves the list, so the budget holds it from then on (docs/performance.md, "Page weight"). Since
 * the fourth pass (2026-11-28) every page is within its budget and the list is empty.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { islandPageWeights } from '../bench/pageScripts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** KB gzipped, at load: the pages over their budget and their ceilings (none since 2026-11-28). */
const OVER_BUDGET: Record<string, number> = {};

const built =
  fs.existsSync(path.join(ROOT, 'dist/assets.json')) ||
  fs.existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'));

test(
  'every screen island page loads no more JavaScript than its budget (or its listed ceiling)',
  { skip: built ? false : 'no build: run `npm run build` first' },
  () => {
    const weights = islandPageWeights(ROOT);
    assert.ok(weights.length >= 50, `only ${weights.length} islands in the manifest`);
    const problems: string[] = [];
    for (const w of weights) {
      const ceiling = OVER_BUDGET[w.island];
      const at = `${w.island} (${w.kind}): ${w.loadKb.toFixed(1)} KB gzipped at load`;
      if (ceiling === undefined && w.loadKb > w.budgetKb)
        problems.push(
          `${at}, over its budget of ${w.budgetKb} KB; largest files: ${w.files
            .slice(0, 4)
            .map((f) => `${f.file} ${f.kb.toFixed(1)} KB`)
            .join(', ')}`,
        );
      if (ceiling !== undefined && w.loadKb > ceiling)
        problems.push(`${at}, over its ceiling of ${ceiling} KB (budget ${w.budgetKb} KB)`);
      if (ceiling !== undefined && w.loadKb <= w.budgetKb)
        problems.push(`${at}, within its budget of ${w.budgetKb} KB now: remove it from OVER_BUDGET`);
    }
    for (const island of Object.keys(OVER_BUDGET))
      if (!weights.some((w) => w.island === island))
        problems.push(`${island} is listed in OVER_BUDGET but is no island of the build`);
    assert.deepEqual(problems, []);
  },
);
