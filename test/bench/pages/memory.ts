/** The pages benchmark's memory mode (BENCH_MEMORY=s, test/bench/pages.ts) and how it prints memory. */
import { load } from './client';
import type { PageSpec, Who } from './pageList';

export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Every page in turn, 10 s each round, for `seconds`: RSS must level off (the caches are bounded). */
export async function memoryRun(
  port: number,
  pages: PageSpec[],
  tokens: Record<Who, string | undefined>,
  seconds: number,
): Promise<void> {
  console.log(`\nmemory run: ${seconds} s, cycling through the pages (5 s each, 20 connections)`);
  const started = Date.now();
  let i = 0;
  while (Date.now() - started < seconds * 1000) {
    const p = pages[i++ % pages.length];
    // A unique query string on the public pages makes every request a new URL for the caches.
    const urlPath = p.path.includes('?') ? p.path : `${p.path}?m=${i}`;
    await load(port, urlPath, tokens[p.who], 20, 5);
    console.log(
      `  ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${p.label.padEnd(34)} RSS ${mb(process.memoryUsage().rss)}`,
    );
  }
}
