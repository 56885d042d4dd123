/** Files: uploads, their budgets and kinds, temporary uploads claimed by forms, and their sweepers. */
import path from 'node:path';
import { defineFeature } from '../../platform/feature';
import { DiskFileStore } from '../../platform/files';
import { fileJobs } from './jobs';
import { fileApiRouter, filePageRouter } from './routes';
import { FilesService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    files: FilesService;
  }
}

export const filesFeature = defineFeature({
  name: 'files',
  services: ({ db, config }) => ({
    files: new FilesService(db, new DiskFileStore(path.join(config.DATA_DIR, 'files')), {
      conferenceBytes: config.TEMP_UPLOAD_CONFERENCE_BUDGET,
      totalBytes: config.TEMP_UPLOAD_TOTAL_BUDGET,
      ttlMs: config.TEMP_UPLOAD_TTL_MINUTES * 60_000,
      perIpPerHour: config.TEMP_UPLOAD_PER_IP_PER_HOUR,
    }),
  }),
  api: (deps) => [fileApiRouter(deps)],
  pages: (deps) => [filePageRouter(deps)],
  jobs: ({ files }) => fileJobs(files),
});
