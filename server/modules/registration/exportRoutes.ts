/**
 * Downloads of the registrant list (spec 2.12, 7): badge.pdf, user.xlsx, the registrants' files
 * as a zip, and one registrant's files through a form post in a new tab that carries a
 * single-use token instead of the session (download/files).
 */
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { access, isConferenceAdmin } from '../../platform/access';
import { AppError, sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { loadIdentity } from '../accounts/service';
import type { Db } from '../../db/index';
import type { FilesService } from '../files/service';
import { consumeDownloadToken, issueDownloadToken } from './downloadTokens';
import { filesOfRegistrants, safeSegment, usersWorkbook, writeZip, type ZipEntry } from './exports';
import { selectedIds, type RegistrationPorts } from './routes';
import * as repo from './repo';

const C = '/conference/conferenceUser';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cid = (req: Request) => req.ctx.conferenceId!;

/** download/files `data`: the JSON list [{name, field}] of the files wanted. */
const wantedFiles = z
  .array(z.object({ name: z.string().max(100), field: z.string().max(40).optional() }))
  .min(1)
  .max(500);

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function attachment(res: Response, contentType: string, fileName: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
}

export function registrationExportRouter(deps: { db: Db; files: FilesService; ports: RegistrationPorts }): Router {
  const { db, files, ports } = deps;
  const router = Router();

  router.post(`${C}/exportPdf`, access('manager'), async (req, res) => {
    if (!(await ports.badges.enabled(cid(req)))) throw new AppError(404, 'documents:disabled');
    const ids = await selectedIds(db, cid(req), req.body);
    if (!ids.length) throw new AppError(400, 'registration:userMsg', 'ids');
    const pdf = await ports.badges.render(req, ids);
    attachment(res, 'application/pdf', 'badge.pdf');
    res.end(pdf);
  });

  router.post(`${C}/download/excel`, access('manager'), async (req, res) => {
    const ids = await selectedIds(db, cid(req), req.body);
    const book = await usersWorkbook(db, cid(req), ids, req.ctx.lang);
    attachment(res, XLSX, 'user.xlsx');
    res.end(book);
  });

  router.post(`${C}/download/allFiles`, access('manager'), async (req, res) => {
    const entries = await filesOfRegistrants(db, cid(req), await selectedIds(db, cid(req), req.body));
    if (!entries.length) throw new AppError(404, 'registration:noFiles');
    attachment(res, 'application/zip', 'files.zip');
    await writeZip(res, cid(req), files, entries);
  });

  router.post(`${C}/download/token`, access('manager'), async (req, res) => {
    sendOk(res, { token: await issueDownloadToken(db, cid(req), req.ctx.identity!.user.id) });
  });

  // A form post in a new tab (spec 7): data = JSON [{name, field}], access_token = a single-use
  // token from download/token. The token, not the cookie, says who asks (origin.ts lets this
  // one urlencoded form through for that reason).
  router.post(`${C}/download/files`, access('anonymous'), express.urlencoded({ extended: false, limit: '64kb' }), async (req, res) => {
    const { data, access_token: token } = parseInput(z.object({ data: z.string().max(60_000), access_token: z.string().max(100) }), req.body ?? {});
    // The list is read before the token is used: a malformed one is the caller's mistake (400),
    // and the token stays good for the corrected request.
    const wanted = wantedFiles.safeParse(parseJsonOrNull(data));
    if (!wanted.success) throw new AppError(400, 'commonMsg.invalidInput', 'data');
    const userId = await consumeDownloadToken(db, cid(req), token);
    const identity = userId === null ? null : await loadIdentity(db, cid(req), userId);
    if (!isConferenceAdmin(identity)) throw new AppError(403, 'registration:downloadExpired');
    // Only files that belong to a registrant of this conference.
    const names = new Set(wanted.data.map((w) => w.name));
    const all = await filesOfRegistrants(db, cid(req), await repo.allRegistrantIds(db, cid(req), {}));
    const entries: ZipEntry[] = all.filter((e) => names.has(e.storedName));
    if (!entries.length) throw new AppError(404, 'registration:noFiles');
    if (entries.length === 1) {
      const bytes = await files.read(cid(req), entries[0].storedName);
      if (!bytes) throw new AppError(404, 'registration:noFiles');
      attachment(res, 'application/octet-stream', safeSegment(entries[0].path.split('/').pop() ?? 'file'));
      return void res.end(bytes);
    }
    attachment(res, 'application/zip', 'files.zip');
    await writeZip(res, cid(req), files, entries);
  });

  return router;
}
