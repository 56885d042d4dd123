/** The book generator's worker thread (./thread.ts): one book from `workerData`, posted back as bytes. */
import { parentPort, workerData } from 'node:worker_threads';
import { buildBook } from './index';
import type { BookInput } from './types';

const result = await buildBook(workerData as BookInput);
// The PDF's buffer is moved, not copied, to the parent.
const pdf = new Uint8Array(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
parentPort!.postMessage({ pages: result.pages, moves: result.moves, pdf }, [pdf.buffer as ArrayBuffer]);
