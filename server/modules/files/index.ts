/** Files: uploads, their budgets and kinds, temporary uploads claimed by forms, and their sweepers. */
import { defineFeature } from '../../platform/feature';
import { fileStoreFor } from '../../platform/s3Files';
import { fileJobs } from './jobs';
import { fileApiRouter, filePageRouter } from './routes';
import { FilesService } from './service';

/** For the features whose forms take a file before they are saved (registration, feedback, submissions). */
export { receiveTemporaryUpload } from './routes';
/** For a feature that reads a small file at once and keeps none (review's reviewer sheet), and its own size checks. */
export { receiveInMemory, declaresMoreThan, type InMemoryKeys } from './upload';

declare module '../../platform/feature' {
  interface FeatureServices {
    files: FilesService;
  }
}

export const filesFeature = defineFeature({
  name: 'files',
  services: ({ db, config }) => ({
    // DATA_DIR/files, or the bucket's files/ prefix when S3_BUCKET is set.
    files: new FilesService(db, fileStoreFor(config, 'files'), {
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

/** For the features' parts of a person's own data (their export and erasure): their files by id, and deleting them in a transaction. */
export { filesByIds, deleteFiles, keptFilesNamed, type FileInfo } from './repo';
/** For the forms that claim an upload (registration, feedback, submissions) and the site's exteriors: which uploads a form names, and what kind one is. */
export { temporaryFilesNamed, kindOfFile } from './repo';
/** The address a stored file is served at. */
export { urlOf } from './addresses';
export type { FilesService };
