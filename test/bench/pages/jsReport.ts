/**
 * The pages benchmark's JavaScript report (test/bench/pages.ts): what each form page loads before
 * it is usable and what its islands import later, gzipped, against issue 32's budget; with
 * BENCH_JS=1 every file, and every screen island's page weight.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUDGET_KB, gzipSize, islandPageWeights, pageScripts } from '../pageScripts';
import { fetchOnce, ROOT } from './client';
import type { Row, Who } from './pageList';

export async function reportJs(
  port: number,
  rows: Row[],
  first: Map<string, { status: number; body: string }>,
  tokens: Record<Who, string | undefined>,
  JS_DETAIL: boolean,
): Promise<void> {
  console.log(
    `\nJavaScript a form page loads before it is usable (gzip -9; budget ${BUDGET_KB.attendee} KB, issue 32), and what its islands import later, on demand:`,
  );
  for (const row of rows.filter((r) => r.js)) {
    const html = first.get(row.label)!.body;
    const own = pageScripts(ROOT, html);
    // On a conference's host the form is the platform's frame: its page loads the form's code.
    const frame = /<iframe[^>]*src="https?:\/\/([^/"]+)(\/embed\/account\/[^"]+)"/.exec(html);
    const framed = frame
      ? pageScripts(ROOT, (await fetchOnce(port, frame[2].replace(/&amp;/g, '&'), tokens[row.who], frame[1])).body)
      : { files: [], onDemand: [], inlineGz: 0 };
    const files = [...new Set([...own.files, ...framed.files])];
    const onDemand = [...new Set([...own.onDemand, ...framed.onDemand])].filter((file) => !files.includes(file));
    const inlineGz = own.inlineGz + framed.inlineGz;
    // A build running beside the benchmark may have replaced the files: say so rather than fail.
    const present = [...files, ...onDemand].filter((file) => fs.existsSync(path.join(ROOT, 'dist/client', file)));
    if (present.length < files.length + onDemand.length)
      console.warn(
        `  ! ${files.length + onDemand.length - present.length} file(s) of ${row.label} are gone (rebuilt meanwhile?)`,
      );
    const size = (file: string) =>
      present.includes(file) ? gzipSize(fs.readFileSync(path.join(ROOT, 'dist/client', file))) : 0;
    const sized = files.map((file) => ({ file, gz: size(file) })).sort((a, b) => b.gz - a.gz);
    const total = sized.reduce((n, s) => n + s.gz, 0) + inlineGz;
    const later = onDemand.reduce((n, file) => n + size(file), 0);
    const budget = ` (budget ${BUDGET_KB.attendee} KB: ${total <= BUDGET_KB.attendee * 1024 ? 'yes' : 'NO'})`;
    const top = sized
      .slice(0, 3)
      .map((s) => `${path.basename(s.file)} ${(s.gz / 1024).toFixed(0)} KB`)
      .join(', ');
    console.log(
      `  ${row.label.padEnd(34)} ${(total / 1024).toFixed(1).padStart(7)} KB in ${files.length} files${frame ? ' (with its frame)' : ''}${budget}, on demand ${(later / 1024).toFixed(1)} KB; largest: ${top}`,
    );
    if (JS_DETAIL) for (const s of sized) console.log(`      ${(s.gz / 1024).toFixed(1).padStart(6)} KB  ${s.file}`);
  }
  // Every screen's island, from the build alone (test/e2e/pageWeight.test.ts holds each to its budget).
  if (JS_DETAIL) {
    console.log('\nJavaScript of a page per screen island (gzip -9, the heavier language), at load / on demand:');
    for (const w of islandPageWeights(ROOT))
      console.log(
        `  ${w.island.padEnd(26)} ${w.loadKb.toFixed(1).padStart(7)} KB / ${w.onDemandKb.toFixed(1).padStart(6)} KB  ${w.kind.padEnd(8)} budget ${w.budgetKb} KB: ${w.loadKb <= w.budgetKb ? 'yes' : 'NO'}`,
      );
  }
}
