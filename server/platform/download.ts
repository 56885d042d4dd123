/**
 * Every file download goes through here, so every one has the same headers and the same
 * Content-Disposition: RFC 6266 through the `content-disposition` package, an ASCII `filename`
 * for old clients and `filename*` (UTF-8) with the real name, so 报名表.xlsx or a name with a
 * quote arrives as it was written.
 */
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';
import { logger } from './logger';

export type DownloadOptions = {
  /** Default `private, no-store`: most downloads are someone's data. */
  cacheControl?: string;
};

/** Printable ASCII only; everything else becomes `_` (the real name is in `filename*`). */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_');
}

/** Sets the headers of a download whose body the caller writes (a stream, a zip being built). */
export function setAttachment(
  res: Response,
  fileName: string,
  contentType: string,
  options: DownloadOptions = {},
): void {
  // content-disposition keeps only the last path segment; an empty one would name nothing.
  const name = posix.basename(fileName.trim()) || 'download';
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', contentDisposition(name, { fallback: asciiFallback(name) }));
  // The browser must take the declared type, never guess an HTML page out of an upload.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', options.cacheControl ?? 'private, no-store');
}

/** Sends a whole file as a download. */
export function sendAttachment(
  res: Response,
  fileName: string,
  contentType: string,
  body: Buffer,
  options: DownloadOptions = {},
): void {
  setAttachment(res, fileName, contentType, options);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * Sends a stored file as a download as it is read from the store, never whole in memory (issue
 * 31); `size` is its row's, so the reader knows the length up front. Read after the caller's access
 * check. A store that fails midway cuts the connection (logged): with a Content-Length already sent,
 * the reader sees a broken download, never a short file that looks whole. A reader that leaves
 * stops the reading.
 */
export async function streamAttachment(
  res: Response,
  fileName: string,
  contentType: string,
  size: number,
  body: Readable,
  options: DownloadOptions = {},
): Promise<void> {
  setAttachment(res, fileName, contentType, options);
  res.setHeader('Content-Length', size);
  // A HEAD has its answer in the headers: the store is not read for a body no one gets.
  if (res.req.method === 'HEAD') {
    body.destroy();
    res.end();
    return;
  }
  try {
    // pipeline destroys both sides when either fails: the store's connection is let go.
    await pipeline(body, res);
  } catch (err) {
    // A reader that left is no failure of ours.
    const left = (err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (left) logger.debug({ fileName }, 'a download was left by its reader');
    else logger.warn({ err, fileName }, 'a download failed while the store was read');
  }
}
