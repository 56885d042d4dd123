/**
 * Uploads made while filling in a form that was never saved: removed a day later. The one job
 * that looks across conferences, because it cleans up after all of them.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { logger } from '../../platform/logger';
import type { FilesService } from '../files/service';
import * as repo from './repo';

export const TEMPORARY_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export async function sweepTemporaryUploads(db: Db, files: FilesService, now = new Date()): Promise<number> {
  const stale = await repo.staleTemporaryFiles(db, toDbInstant(new Date(now.getTime() - TEMPORARY_UPLOAD_TTL_MS)));
  for (const file of stale) {
    // Only while still temporary: a registration may have claimed it a moment ago.
    const removed = await db('files').where({ id: file.id, conference_id: file.conference_id, temporary: true }).delete();
    if (removed) await files.removeStored(file.conference_id, [file.stored_name]);
  }
  return stale.length;
}

/** Sweeps every hour; the timer does not keep the process alive. */
export function startTemporaryUploadSweeper(db: Db, files: FilesService): () => void {
  const run = () => sweepTemporaryUploads(db, files).catch((err) => logger.error({ err }, 'sweeping temporary uploads failed'));
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
