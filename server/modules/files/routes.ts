/**
 * filesApi.upload (managers): one multipart file named "file", of the kind in the query, streamed
 * into the store (./upload.ts).
 * GET /files/:name: a file of this conference, as an attachment the browser does not sniff;
 * <img> and <link> still load it, so banners and page images work on the public site.
 */
import { Router, type Request, type Response } from 'express';
import { filesApi, type StoredFile, type UploadKind } from '../../contract/files';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { streamAttachment } from '../../platform/download';
import { UPLOAD_RULES } from './rules';
import type { FilesService, StoredUpload } from './service';
import { declaresMoreThan, receiveUpload } from './upload';
import { identityOf } from '../../platform/context';

/**
 * What participants upload (registration answers, feedback attachments, manuscripts) is private: never served
 * at /files/, only through the download routes of its feature, to those allowed to see it.
 */
export const PRIVATE_KINDS: ReadonlySet<string> = new Set(['attachment', 'photo', 'feedback', 'manuscript']);

/**
 * Receives a temporary upload (a form's file before the form is saved): its bytes are reserved in
 * the budgets from the request's declared length before the body is read, so a request over
 * budget is refused before it costs the store anything; the reservation follows the file, or is
 * given back when anything fails. The file streams into the store (./upload.ts).
 */
export async function receiveTemporaryUpload(
  files: FilesService,
  req: Request,
  res: Response,
  conferenceId: number,
  userId: number | null,
  kind: UploadKind,
): Promise<StoredFile> {
  const max = UPLOAD_RULES[kind].maxBytes;
  const declared = Number(req.headers['content-length']);
  // Too large for certain: refused before it is counted.
  if (declaresMoreThan(req, max)) throw new AppError(400, UPLOAD_RULES[kind].tooLargeKey, { field: 'file' });
  // The body holds the file and a little framing; without a length, count the largest file allowed.
  const reserved = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, max) : max;
  await files.temporary.reserve(conferenceId, reserved);
  let stored: StoredUpload;
  try {
    stored = await receiveUpload(files, req, res, conferenceId, kind);
  } catch (err) {
    await files.temporary.release(conferenceId, reserved);
    throw err;
  }
  return files.keep(conferenceId, userId, kind, stored, { temporary: true, reserved });
}

export function fileApiRouter({ files }: Deps): Router {
  const router = Router();
  route(router, filesApi.upload, access('manager'), async ({ query }, req, res) => {
    const { kind } = query;
    if (PRIVATE_KINDS.has(kind)) throw new AppError(400, 'files:kindInvalid', { field: 'kind' });
    const stored = await receiveUpload(files, req, res, conferenceOf(req), kind);
    return files.keep(conferenceOf(req), identityOf(req)!.user.id, kind, stored);
  });
  return router;
}

export function filePageRouter({ files }: Deps): Router {
  const router = Router();
  router.get('/files/:name', screen('anonymous'), async (req, res) => {
    const conferenceId = req.ctx.conferenceId;
    const name = String(req.params.name);
    // The row decides before the store is opened.
    const file = conferenceId ? await files.stat(conferenceId, name) : null;
    const body = conferenceId && file && !PRIVATE_KINDS.has(file.kind) ? await files.stream(conferenceId, name) : null;
    if (!file || !body) return void res.status(404).type('text').send('Not found');
    // A stored file never changes under its name.
    await streamAttachment(res, file.originalName, file.contentType, file.size, body, {
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
  return router;
}
