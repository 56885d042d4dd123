/**
 * The JavaScript of every screen island's page, from the build alone (no server): gzip -9, the
 * heavier language, what loads before the page is usable and what its islands import later on
 * demand, against issue 32's budgets (250 KB where attendees, authors and reviewers act, 400 KB on
 * management pages). test/e2e/pageWeight.test.ts fails the run when a page is over its ceiling.
 *
 * Run: `npm run build`, then `npm run bench:page-weight` (BENCH_FILES=1 lists each page's files).
 */
import path from 'node:path';
import { islandPageWeights } from './pageScripts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const weights = islandPageWeights(ROOT).sort((a, b) => a.kind.localeCompare(b.kind) || b.loadKb - a.loadKb);
console.log('island page                   at load  catalogs later  on demand  budget  ok');
for (const w of weights) {
  console.log(
    `${w.island.padEnd(28)} ${w.loadKb.toFixed(1).padStart(7)} ${w.idleKb.toFixed(1).padStart(15)} ${w.onDemandKb.toFixed(1).padStart(10)}  ${String(w.budgetKb).padStart(6)}  ${w.loadKb <= w.budgetKb ? 'yes' : 'NO'}`,
  );
  if (process.env.BENCH_FILES === '1')
    for (const f of w.files) console.log(`      ${f.kb.toFixed(1).padStart(6)} KB  ${f.file}`);
}
const over = weights.filter((w) => w.loadKb > w.budgetKb);
console.log(
  `\n${weights.length - over.length} of ${weights.length} pages within budget${over.length ? `; over: ${over.map((w) => w.island).join(', ')}` : ''}`,
);
