/**
 * The browser tests' runner: `node --test`, but the files in the order given (the longest first)
 * rather than sorted by name, so that no long file starts last and runs alone at the end.
 * Usage: node --import tsx test/support/browserRun.mjs [--concurrency N] file...
 * Prints TAP, as `node --test` does (test/run.mjs counts its closing lines); exits 1 on any failure.
 */
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

const args = process.argv.slice(2);
let concurrency = 2;
const at = args.indexOf('--concurrency');
if (at >= 0) [, concurrency] = args.splice(at, 2).map(Number);

const stream = run({ files: args, concurrency });
stream.on('test:fail', () => (process.exitCode = 1));
stream.compose(tap).pipe(process.stdout);
