/**
 * Every file download goes through here, so every one has the same headers and the same
 * Content-Disposition: RFC 6266 through the `content-disposition` package, an ASCII `filename`
 * for old clients and `filename*` (UTF-8) with the real name, so 报名表.xlsx or a name with a
 * quote arrives as it was written.
 */
import { posix } from 'node:path';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';

export type DownloadOptions = {
  /** Default `private, no-store`: most downloads are someone's data. */
  cacheControl?: string;
};

/** Printable ASCII only; everything else becomes `_` (the real name is in `filename*`). */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_');
}

/** Sets the headers of a download whose body the caller writes (a stream, a zip being built). */
export function setAttachment(res: Response, fileName: string, contentType: string, options: DownloadOptions = {}): void {
  // content-disposition keeps only the last path segment; an empty one would name nothing.
  const name = posix.basename(fileName.trim()) || 'download';
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', contentDisposition(name, { fallback: asciiFallback(name) }));
  // The browser must take the declared type, never guess an HTML page out of an upload.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', options.cacheControl ?? 'private, no-store');
}

/** Sends a whole file as a download. */
export function sendAttachment(res: Response, fileName: string, contentType: string, body: Buffer, options: DownloadOptions = {}): void {
  setAttachment(res, fileName, contentType, options);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
