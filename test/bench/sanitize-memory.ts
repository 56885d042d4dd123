/**
 * Memory of the rich-text sanitiser over many calls. Prints figures, asserts nothing.
 *
 * Sanitises 20,000 varied inputs (rich text, Chinese, attacks, sizes from a line to ~25 KB) and
 * prints RSS and heap after a full GC at the start and every 5,000 calls. A sanitiser that keeps
 * something per call shows as a steady climb; a flat line after the first batch (jsdom's own
 * start-up) is the goal.
 *
 * Each call runs in its own turn of the event loop, as each save does in the server: a jsdom
 * document keeps every NodeIterator made on it (DOMPurify makes some per call) in a set of
 * WeakRefs, and a WeakRef's target lives at least until the current job ends, so calls in one
 * synchronous run hold theirs until it ends. `--sync` runs the calls between two reports
 * without yielding.
 *
 * Measured (2 busy shared cores, Node 20, jsdom 27, DOMPurify 3; ms a call vary with the load):
 * sanitizeHtml, 20,000 calls: heapUsed 31.1 MB at the start, then 38.0 / 38.1 / 38.1 / 38.3 MB,
 * RSS 137.9, then 145.2 / 147.5 / 146.8 / 148.8 MB. DOMPurify's string path, 5,000 calls:
 * heapUsed 31.1 MB, then 43.6 / 50.8 / 57.1 / 62.7 / 69.4 MB every 1,000 (≈6.5 MB a 1,000).
 *
 * Run: `node --expose-gc --import tsx test/bench/sanitize-memory.ts [calls] [--dompurify-string] [--sync]`
 * (STEP=1000 in the environment prints more often).
 * `--dompurify-string` measures DOMPurify's usual string path on one jsdom window instead (a new
 * document per call), which is what server/platform/sanitize.ts avoids.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeHtml } from '../../server/platform/sanitize';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (see the header)');

const CALLS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20_000);
const STEP = Number(process.env.STEP ?? 5_000);

const PIECES = [
  (i: number) => `<p>第 ${i} 条通知：会议将于十月在杭州举行，请各位代表准时参加。</p>`,
  (i: number) =>
    `<p>Notice ${i}: <b>bold</b>, <i>italic</i>, <u>under</u>, <a href="https://example.org/n/${i}" target="_blank">link</a></p>`,
  (i: number) => `<img src=x${i} onerror=alert(${i})><script>alert(${i})</script>`,
  (i: number) => `<table><tr><th>项目 ${i}</th><td>CNY ${i}.00</td></tr><tr><td colspan="2">合计</td></tr></table>`,
  (i: number) => `<ul><li>one ${i}</li><li><a href="javascript:alert(${i})">bad</a></li></ul><ol><li>二</li></ol>`,
  (i: number) =>
    `<div style="color:#${(i % 4096).toString(16).padStart(3, '0')}"><span style="font-weight:bold">样式 ${i}</span></div>`,
  (i: number) =>
    `<iframe src="https://evil.example/${i}"></iframe><svg onload=alert(${i})><circle/></svg><h2>标题 ${i}</h2>`,
  (i: number) =>
    `<noscript><p title="</noscript><img src=x onerror=alert(${i})>"></noscript><img src="data:image/png;base64,iVBOR${i}">`,
];

function input(i: number): string {
  const parts: string[] = [];
  // Mostly one to a dozen pieces (a notice); every 1,000th about 25 KB, so large ones go through too.
  const count = i % 1000 === 0 ? 200 : 1 + ((i * 7919) % 12);
  for (let k = 0; k < count; k++) parts.push(PIECES[(i + k) % PIECES.length](i + k));
  return parts.join('\n');
}

function dompurifyStringPath(): (html: string) => string {
  const purify = createDOMPurify(
    new JSDOM('<!DOCTYPE html>').window as unknown as Parameters<typeof createDOMPurify>[0],
  );
  return (html) => purify.sanitize(html);
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).padStart(6)} MB`;
let lap = performance.now();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
async function report(label: string, calls = 0): Promise<void> {
  // The time of the calls since the last line, before the collections below.
  const perCall = calls ? `  ${((performance.now() - lap) / calls).toFixed(2).padStart(6)} ms a call` : '';
  // Collect, let the finalisers that follow run, and collect what they freed.
  for (let k = 0; k < 3; k++) {
    gc!();
    await nextTurn();
  }
  const m = process.memoryUsage();
  console.log(
    `${label.padStart(8)}  rss ${mb(m.rss)}  heapUsed ${mb(m.heapUsed)}  heapTotal ${mb(m.heapTotal)}  external ${mb(m.external)}${perCall}`,
  );
  lap = performance.now();
}

const stringPath = process.argv.includes('--dompurify-string');
const sync = process.argv.includes('--sync');
const sanitize = stringPath ? dompurifyStringPath() : sanitizeHtml;
console.log(
  `${stringPath ? 'DOMPurify string path, one window' : 'sanitizeHtml (one container, in place)'}, ${sync ? 'one synchronous loop' : 'a turn each'}: ${CALLS} calls`,
);
sanitize('<p>warm up</p>');
await report('start');
let bytes = 0;
for (let i = 1; i <= CALLS; i++) {
  bytes += sanitize(input(i)).length;
  if (!sync) await nextTurn();
  if (i % STEP === 0) await report(String(i), STEP);
}
console.log(`${(bytes / 1024 / 1024).toFixed(1)} MB of output`);
