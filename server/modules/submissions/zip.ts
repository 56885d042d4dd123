/**
 * The abstract and manuscript files of a selection as one zip (spec 9 "Download types"), streamed
 * to the manager as it is written — not a piece of work (issue 30), because:
 * - a work's result is bytes held whole (and kept in the database): 2,000 manuscripts of up to
 *   20 MB each may be tens of gigabytes, which no process can hold;
 * - there is nothing for the CPU to do: the files are stored, not deflated (PDF, Word, zip and
 *   images are compressed already), so writing the archive is reading files and writing the
 *   response, which the event loop interleaves with everything else;
 * - one file is read at a time and the next only once the archive has taken it, so at most one
 *   file (20 MB) is held per zip, and a slow client slows the reading instead of filling memory.
 * What remains unbounded is how many run at once: one per conference and a few per instance
 * (counted in this process), a request beyond them refused with "try again when it ends".
 */
import archiver from 'archiver';
import type { Response } from 'express';
import { AppError } from '../../platform/errors';
import { setAttachment } from '../../platform/download';
import type { FilesService } from '../files/service';
import type { ZipEntry } from '../registration/exports';

/** One zip per conference at a time: a manager double-clicking gets one, another conference is not held up. */
export const ZIPS_PER_CONFERENCE = 1;
/** Zips at once in this process: each holds a file and a client's connection for minutes. */
export const ZIPS_IN_TOTAL = 4;

const running = new Map<number, number>();
let total = 0;

/** Takes a place for this conference's zip, or refuses with 429 and a message the manager can act on. */
function reserve(conferenceId: number): () => void {
  const mine = running.get(conferenceId) ?? 0;
  if (mine >= ZIPS_PER_CONFERENCE) throw new AppError(429, 'submissions:zipRunning');
  if (total >= ZIPS_IN_TOTAL) throw new AppError(429, 'submissions:zipsBusy');
  running.set(conferenceId, mine + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (running.get(conferenceId) ?? 1) - 1;
    if (left > 0) running.set(conferenceId, left);
    else running.delete(conferenceId);
  };
}

export async function streamZip(res: Response, conferenceId: number, files: Pick<FilesService, 'read'>, name: string, entries: ZipEntry[]): Promise<void> {
  const release = reserve(conferenceId);
  const zip = archiver('zip', { store: true });
  // One waiter at a time: woken when the archive took the entry, failed, or the client went away.
  let wake: (() => void) | null = null;
  let failed: Error | null = null;
  const stir = () => wake?.();
  zip.on('entry', stir);
  zip.on('error', (err) => {
    failed = err;
    stir();
  });
  res.on('close', stir);
  try {
    setAttachment(res, name, 'application/zip');
    zip.pipe(res);
    for (const entry of entries) {
      if (res.destroyed) break; // the manager went away: stop reading their files
      const bytes = await files.read(conferenceId, entry.storedName);
      if (!bytes || res.destroyed) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        zip.append(bytes, { name: entry.path });
      });
      wake = null;
      if (failed) throw failed;
    }
    if (res.destroyed) {
      zip.abort();
      return;
    }
    const ended = new Promise<void>((resolve) => {
      if (res.writableFinished || res.destroyed) resolve();
      res.once('finish', resolve);
      res.once('close', resolve);
    });
    await zip.finalize();
    await ended;
  } finally {
    res.off('close', stir);
    release();
  }
}
