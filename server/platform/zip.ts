/**
 * Files as one zip, streamed to the reader as it is written (registrants' files, abstracts and
 * manuscripts). Not a piece of heavy work (issue 30): a zip of thousands of uploads may be
 * gigabytes, which no result store should hold whole, and writing it is reading files and the
 * socket, which the event loop interleaves with everything else (deflating, when asked for, runs
 * on zlib's threads). What must be bounded is bounded here:
 * - memory: one file is open at a time, streamed from the store into the archive (never whole:
 *   issue 31), the next opened once the archive has taken the last ('entry' comes when an entry's
 *   stream has ended), so a slow reader holds back the reading; a reader that leaves stops it;
 * - how many run: a few per conference and in total per process (ZipSlots); a request beyond them
 *   is refused with "try again when it ends" (429) before any header is sent.
 */
import type { Readable, Writable } from 'node:stream';
import archiver from 'archiver';
import { AppError } from './errors';
import { logger } from './logger';

/** A file for the zip: its path inside the archive and its name in the conference's store. */
export type ZipEntry = { path: string; storedName: string };

/** Zips at once per conference and per process; each holds a file and a client's connection for minutes. */
export const ZIPS_PER_CONFERENCE = 2;
export const ZIPS_IN_TOTAL = 6;

export class ZipSlots {
  private readonly running = new Map<number, number>();
  private total = 0;

  constructor(
    private readonly perConference = ZIPS_PER_CONFERENCE,
    private readonly inTotal = ZIPS_IN_TOTAL,
  ) {}

  /** Runs `work` in one of the conference's slots; 429 'work:zipBusy' when none is free. */
  async run<T>(conferenceId: number, work: () => Promise<T>): Promise<T> {
    const mine = this.running.get(conferenceId) ?? 0;
    if (mine >= this.perConference || this.total >= this.inTotal) throw new AppError(429, 'work:zipBusy');
    this.running.set(conferenceId, mine + 1);
    this.total++;
    try {
      return await work();
    } finally {
      this.total--;
      const left = (this.running.get(conferenceId) ?? 1) - 1;
      if (left) this.running.set(conferenceId, left);
      else this.running.delete(conferenceId);
    }
  }
}

/**
 * Streams a zip of the entries into `out`; an entry `open` does not find is skipped. `store`:
 * files kept as they are (PDFs, Word files, images are compressed already), else deflated. A file
 * that fails midway (the store lost) cuts `out` (logged): the reader sees a broken download, not a
 * zip that looks whole.
 */
export async function writeZip(
  out: Writable,
  entries: ZipEntry[],
  open: (storedName: string) => Promise<Readable | null>,
  { store = false }: { store?: boolean } = {},
): Promise<void> {
  const zip = store ? archiver('zip', { store: true }) : archiver('zip', { zlib: { level: 6 } });
  let gone = false;
  const closed = new Promise<void>((resolve) =>
    out.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  const finished = new Promise<void>((resolve) => out.once('finish', () => resolve()));
  const failed = new Promise<never>((_resolve, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  zip.pipe(out);
  for (const entry of entries) {
    const body = await open(entry.storedName);
    if (gone) {
      body?.destroy();
      break;
    }
    if (!body) continue;
    const taken = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    // archiver pipes the stream into its own, which does not pass a failure on: it would wait forever.
    const broken = new Promise<never>((_resolve, reject) => body.once('error', reject));
    zip.append(body, { name: entry.path });
    try {
      await Promise.race([taken, closed, failed, broken]);
    } catch (err) {
      body.destroy();
      zip.abort();
      out.destroy();
      logger.warn({ err, entry: entry.path }, 'a zip failed while a file was read');
      return;
    }
    if (gone) {
      body.destroy();
      break;
    }
  }
  if (gone) {
    zip.abort();
    return;
  }
  await Promise.race([zip.finalize(), failed]);
  await Promise.race([finished, closed, failed]);
}

/** The process's slots, shared by every feature that streams zips (the bound is per process, not per feature). */
export const zipSlots = new ZipSlots();
