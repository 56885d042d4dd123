/**
 * Uploads (spec 5 "Uploads"): the kinds a file may be uploaded as, what an upload answers, and the
 * managers' upload endpoint. The rules of each kind (sizes, types) stay on the server
 * (server/modules/files/rules.ts). No Node imports here: the islands bundle this file.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const UPLOAD_KINDS = [
  'banner',
  'thumbnail',
  'css',
  'image',
  'file',
  'attachment',
  'photo',
  'feedback',
  'manuscript',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** A stored upload as the API answers it; `url` is its address under /files/ on this site. */
export type StoredFile = {
  id: number;
  kind: UploadKind;
  url: string;
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  createdAt: string;
};

export const uploadKindQuery = z.object({ kind: z.enum(UPLOAD_KINDS, { message: 'files:kindInvalid' }) });

/** The files API: one multipart file named "file", of the kind the query names (managers). */
export const filesApi = {
  upload: endpoint<StoredFile>()({ method: 'POST', path: '/conference/file/upload', query: uploadKindQuery }),
};
