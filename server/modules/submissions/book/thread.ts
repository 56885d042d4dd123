/**
 * The book of abstracts off the event loop: typesetting 500 abstracts takes about a second and a
 * few hundred megabytes (npm run bench:book), which on the main thread would hold up every other
 * request of the instance. Each book is built in a worker thread of its own, with a memory limit,
 * so a huge book fails alone instead of taking the server down.
 *
 * From the sources the worker is a TypeScript file, loaded with tsx as the server is (`npm run
 * dev`): tsx's command line does not hand its loader to workers, so the worker imports it itself.
 * Under vitest, which transforms modules its own way, the book is built inline.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ROOT_DIR } from '../../../paths';
import type { BookInput, BookResult } from './types';

/** Enough for several thousand abstracts; past it the worker fails and the build is reported failed. */
const MAX_HEAP_MB = 1536;

const inline = () => Boolean(process.env.VITEST);

/**
 * How the worker starts. From the TypeScript sources (tsx, the development server): register tsx
 * in the worker, then run ./worker.ts. From the compiled server (`dist/app`, built by
 * server/build.mjs): its compiled worker, `bookWorker.js`, beside the entry.
 */
const compiled = !import.meta.url.endsWith('.ts');
const BOOTSTRAP = compiled
  ? `import(${JSON.stringify(pathToFileURL(path.join(ROOT_DIR, 'dist/app/bookWorker.js')).href)})`
  : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;

export async function buildBookOffThread(input: BookInput): Promise<BookResult> {
  if (inline()) return (await import('./index')).buildBook(input);
  return new Promise<BookResult>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: input, resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB } });
    let done = false;
    worker.once('message', (r: { pages: number; moves: BookResult['moves']; pdf: Uint8Array }) => {
      done = true;
      resolve({ pages: r.pages, moves: r.moves, pdf: Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength) });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the book's worker stopped (${code}) before it answered`));
    });
  });
}
