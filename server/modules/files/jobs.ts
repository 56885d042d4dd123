/**
 * The upload sweepers, the files feature's periodic jobs (run by the platform's JobScheduler):
 * temporary uploads never claimed by their form are removed once older than their time to live
 * (TEMP_UPLOAD_TTL_MINUTES, 2 h by default), every ten minutes; and, every hour, what a crash left
 * in the store (unfinished `.part` writes, files no row names). They look across conferences,
 * because they clean up after all of them.
 */
import type { JobDefinition } from '../../platform/jobs';
import type { FilesService } from './service';

export const SWEEP_EVERY_MS = 10 * 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

export function fileJobs(files: FilesService): JobDefinition[] {
  return [
    {
      name: 'files.sweepTemporary',
      everyMs: SWEEP_EVERY_MS,
      run: async ({ now }) => void (await files.sweepTemporary(now)),
    },
    {
      name: 'files.sweepOrphans',
      everyMs: ORPHAN_SWEEP_EVERY_MS,
      run: async ({ now }) => void (await files.sweepOrphans(now)),
    },
  ];
}
