/**
 * The book of abstracts (issue 15): time, size and memory to typeset 500 abstracts of 600–1500
 * characters, half Chinese and half English, at 1, 2 and 4 per page (the target: 2 per
 * page in under 3 s and 1 MB on the 2-core test machine). No server and no load: the generator is
 * a pure function, so the figure is the generator's own. The Word and HTML downloads of 1,000
 * abstracts are timed after it. The first run of each layout warms the
 * fonts (read and parsed once per process); the figure is the median of the next three.
 *
 *   npm run bench:book
 */
import { bookFixture } from '../server/submissions/bookFixtures';
import { buildBook } from '../../server/modules/submissions/book/index';
import { abstractsDocx } from '../../server/modules/submissions/exports/docx';
import { abstractsHtml } from '../../server/modules/submissions/exports/html';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

async function main(): Promise<void> {
  console.log(`book of abstracts: 500 abstracts, node ${process.version}`);
  for (const perPage of [2, 1, 4] as const) {
    const input = bookFixture({ n: 500, perPage });
    const cold = performance.now();
    await buildBook(input);
    const coldMs = performance.now() - cold;
    const times: number[] = [];
    let last = { pages: 0, bytes: 0, moves: 0 };
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await buildBook(input);
      times.push(performance.now() - t0);
      last = { pages: r.pages, bytes: r.pdf.length, moves: r.moves.length };
    }
    const rss = process.memoryUsage().rss;
    console.log(
      `${perPage} per page: ${median(times).toFixed(0)} ms (first ${coldMs.toFixed(0)} ms), ${mb(last.bytes)}, ${last.pages} pages, ${last.moves} moved, rss ${mb(rss)}`,
    );
  }
  // The other two downloads of the abstracts, for 1,000.
  const many = bookFixture({ n: 1000 });
  let t0 = performance.now();
  const html = abstractsHtml(many);
  const htmlMs = performance.now() - t0;
  t0 = performance.now();
  const docx = await abstractsDocx(many);
  console.log(
    `1,000 abstracts: HTML ${htmlMs.toFixed(0)} ms, ${mb(Buffer.byteLength(html))}; Word ${(performance.now() - t0).toFixed(0)} ms, ${mb(docx.length)}`,
  );
}

void main();
