/**
 * `npm run files:to-s3 [-- --remove]`: copies the files kept on disk (DATA_DIR/files: uploads and
 * generated documents; DATA_DIR/work: heavy-work results; DATA_DIR/books: the books of abstracts) into the bucket named by S3_BUCKET, under
 * the same names, so the rows that name them need no change (docs/operations.md "Files in a bucket").
 *
 * Idempotent and resumable: an object already in the bucket with the file's size is skipped, and
 * an object is written whole or not at all, so the command can be stopped and run again. With
 * `--remove`, a disk copy is deleted once the bucket holds it with the same size. Unfinished
 * `.part` files are left alone (the disk store's sweeper removes them).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { DiskFileStore } from '../platform/files';
import { S3FileStore, s3ClientFor, STORE_PREFIXES, type S3Settings } from '../platform/s3Files';

export type MoveReport = { copied: number; bytes: number; present: number; removed: number; failed: number };

export async function moveFilesToBucket(opts: {
  dataDir: string;
  s3: S3Settings & { S3_BUCKET: string };
  remove?: boolean;
  say?: (line: string) => void;
}): Promise<MoveReport> {
  const say = opts.say ?? (() => undefined);
  const client = s3ClientFor(opts.s3);
  const report: MoveReport = { copied: 0, bytes: 0, present: 0, removed: 0, failed: 0 };
  try {
    for (const prefix of STORE_PREFIXES) {
      const disk = new DiskFileStore(path.join(opts.dataDir, prefix));
      const bucket = new S3FileStore(client, opts.s3.S3_BUCKET, prefix);
      // Wrong settings stop here, naming the one to fix, before anything is read.
      await bucket.probe();
      for await (const entry of disk.entries()) {
        if (entry.partial) continue;
        const where = `${prefix}/${entry.scope}/${entry.name}`;
        try {
          const size = await disk.size(entry.scope, entry.name);
          if (size === null) continue; // removed meanwhile
          if ((await bucket.size(entry.scope, entry.name)) === size) {
            report.present++;
          } else {
            await bucket.copyIn(entry.scope, entry.name, (await disk.open(entry.scope, entry.name))!, size);
            report.copied++;
            report.bytes += size;
            say(`copied ${where} (${size} bytes)`);
          }
          if (opts.remove) {
            await disk.remove(entry.scope, entry.name);
            report.removed++;
          }
        } catch (err) {
          // One file that fails is reported, and the others still move; a run again retries it.
          report.failed++;
          say(`FAILED ${where}: ${(err as Error).message}`);
        }
      }
    }
  } finally {
    client.destroy();
  }
  say(
    `copied ${report.copied} files (${report.bytes} bytes), ${report.present} already in the bucket, ${report.removed} removed from disk, ${report.failed} failed`,
  );
  return report;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set: there is no bucket to move the files to');
  const { failed } = await moveFilesToBucket({
    dataDir: config.DATA_DIR,
    s3: { ...config, S3_BUCKET: config.S3_BUCKET },
    remove: process.argv.includes('--remove'),
    say: (line) => process.stdout.write(`${line}\n`),
  });
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
