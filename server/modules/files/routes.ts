/**
 * filesApi.upload (managers): one multipart file named "file", of the kind in the query.
 * GET /files/:name: a file of this conference, as an attachment the browser does not sniff;
 * <img> and <link> still load it, so banners and page images work on the public site.
 */
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { filesApi, type StoredFile, type UploadKind } from '../../contract/files';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { sendAttachment } from '../../platform/download';
import { UPLOAD_RULES } from './rules';
import type { FilesService } from './service';

/**
 * What participants upload (registration answers, feedback attachments, manuscripts) is private: never served
 * at /files/, only through the download routes of its feature, to those allowed to see it.
 */
export const PRIVATE_KINDS: ReadonlySet<string> = new Set(['attachment', 'photo', 'feedback', 'manuscript']);

/** Reads the one file into memory, refusing past the kind's size before reading it all. */
function readUpload(kind: UploadKind) {
  return multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_RULES[kind].maxBytes, files: 1, fields: 5 } }).single('file');
}

/** The one multipart file named "file" of a request, checked against its kind's size. */
export async function readOneUpload(req: Request, res: Response, kind: UploadKind): Promise<{ originalName: string; bytes: Buffer }> {
  await new Promise<void>((resolve, reject) =>
    readUpload(kind)(req, res, (err: unknown) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      reject(new AppError(400, code === 'LIMIT_FILE_SIZE' ? UPLOAD_RULES[kind].tooLargeKey : 'files:uploadFailed', 'file'));
    }),
  );
  if (!req.file) throw new AppError(400, 'files:noFile', 'file');
  // multer reads names as latin1; browsers send UTF-8.
  return { originalName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'), bytes: req.file.buffer };
}

/**
 * Receives a temporary upload (a form's file before the form is saved): its bytes are reserved in
 * the budgets from the request's declared length before the body is read, so a request over
 * budget is refused before it costs memory or disk; the reservation follows the file, or is given
 * back when anything fails.
 */
export async function receiveTemporaryUpload(files: FilesService, req: Request, res: Response, conferenceId: number, userId: number | null, kind: UploadKind): Promise<StoredFile> {
  const max = UPLOAD_RULES[kind].maxBytes;
  const declared = Number(req.headers['content-length']);
  // The body holds the file and a little framing; without a length, count the largest file allowed.
  const reserved = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, max) : max;
  await files.temporary.reserve(conferenceId, reserved);
  let upload: { originalName: string; bytes: Buffer };
  try {
    upload = await readOneUpload(req, res, kind);
  } catch (err) {
    await files.temporary.release(conferenceId, reserved);
    throw err;
  }
  return files.save(conferenceId, userId, kind, upload.originalName, upload.bytes, { temporary: true, reserved });
}

export function fileApiRouter({ files }: Deps): Router {
  const router = Router();
  route(router, filesApi.upload, access('manager'), async ({ query }, req, res) => {
    const { kind } = query;
    if (PRIVATE_KINDS.has(kind)) throw new AppError(400, 'files:kindInvalid', 'kind');
    const { originalName, bytes } = await readOneUpload(req, res, kind);
    return files.save(conferenceOf(req), req.ctx.identity!.user.id, kind, originalName, bytes);
  });
  return router;
}

export function filePageRouter({ files }: Deps): Router {
  const router = Router();
  router.get('/files/:name', screen('anonymous'), async (req, res) => {
    const found = req.ctx.conferenceId ? await files.find(req.ctx.conferenceId, String(req.params.name)) : null;
    if (!found || PRIVATE_KINDS.has(found.file.kind)) return void res.status(404).type('text').send('Not found');
    // A stored file never changes under its name.
    sendAttachment(res, found.file.originalName, found.file.contentType, found.bytes, { cacheControl: 'public, max-age=31536000, immutable' });
  });
  return router;
}
