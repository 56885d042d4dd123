/**
 * The upload sweeper: temporary uploads never claimed by their form are removed once older than
 * their time to live (TEMP_UPLOAD_TTL_MINUTES, 2 h by default), every few minutes; and, every hour,
 * what a crash left in the store (unfinished `.part` writes, files no row names). The one job that
 * looks across conferences, because it cleans up after all of them.
 */
import type { Db } from '../../db/index';
import { logger } from '../../platform/logger';
import type { FilesService } from '../files/service';

export const SWEEP_EVERY_MS = 10 * 60_000;
/** The store is walked for crash leftovers on every sixth run: hourly. */
const ORPHAN_SWEEP_EVERY = 6;

export async function sweepTemporaryUploads(_db: Db, files: FilesService, now = new Date()): Promise<number> {
  return files.sweepTemporary(now);
}

/** Sweeps every ten minutes; the timer does not keep the process alive. */
export function startTemporaryUploadSweeper(db: Db, files: FilesService): () => void {
  let runs = 0;
  const run = async () => {
    try {
      await sweepTemporaryUploads(db, files);
      if (runs++ % ORPHAN_SWEEP_EVERY === 0) await files.sweepOrphans();
    } catch (err) {
      logger.error({ err }, 'sweeping uploads failed');
    }
  };
  const timer = setInterval(() => void run(), SWEEP_EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
