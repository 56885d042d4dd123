/**
 * Downloads of the registrant list (spec 2.12, 7): badge.pdf, user.xlsx, the registrants' files
 * as a zip, and one registrant's files through a form post in a new tab that carries a
 * single-use token instead of the session (download/files). Badges and the workbook are drawn in
 * the pool: at once for a few people, else as a piece of work (202 `{ work }`, exportWork.ts);
 * zips are streamed, a few at a time per conference (platform/zip.ts).
 */
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { access, conferenceOf, isConferenceAdmin } from '../../platform/access';
import { XLSX_TYPE } from '../../platform/xlsx';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { sendAttachment, setAttachment, streamAttachment } from '../../platform/download';
import { route, SENT, type Sent } from '../../platform/route';
import { workAsker, workStarted } from '../../platform/work/index';
import { registrationApi as api } from '../../contract/registration';
import { loadIdentity } from '../accounts/index';
import { consumeDownloadToken, issueDownloadToken } from './downloadTokens';
import { filesOfRegistrants, registrantFilesNamed, safeSegment, usersTable } from './exports';
import { writeZip, zipSlots as zips, type ZipEntry } from '../../platform/zip';
import { BADGES_AT_ONCE, registrationWorkOf, ROWS_AT_ONCE } from './exportWork';
import { registrationPorts, selectedIds } from './routes';
import { identityOf, timeZoneOf } from '../../platform/context';

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

function sendFile(res: Response, name: string, contentType: string, bytes: Buffer): Sent {
  sendAttachment(res, name, contentType, bytes);
  return SENT;
}

export function registrationExportRouter(deps: Deps): Router {
  const { db, files, work } = deps;
  const ports = registrationPorts(deps);
  const kinds = registrationWorkOf(deps);
  const router = Router();

  route(router, api.badges, access('manager'), async (input, req, res) => {
    if (!(await ports.badges.enabled(conferenceOf(req)))) throw new AppError(404, 'documents:disabled');
    // The selection is read once badges are known to be on: off, the answer is that, whatever was sent.
    const selection = input.body;
    const ids = await selectedIds(db, conferenceOf(req), selection);
    if (!ids.length) throw new AppError(400, 'registration:userMsg', { field: 'ids' });
    if (ids.length <= BADGES_AT_ONCE)
      return sendFile(res, 'badge.pdf', 'application/pdf', await ports.badges.render(req, ids));
    return workStarted(
      res,
      await work.ask(kinds.badges, workAsker(req), { selection, about: ports.badges.about(req) }),
    );
  });

  route(router, api.excel, access('manager'), async ({ body }, req, res) => {
    const ids = await selectedIds(db, conferenceOf(req), body);
    if (ids.length > ROWS_AT_ONCE) return workStarted(res, await work.ask(kinds.excel, workAsker(req), body));
    const sheet = await usersTable(db, conferenceOf(req), ids, req.ctx.lang, timeZoneOf(req), (cid, users, lang) =>
      deps.orders.feeCategoriesOf(cid, users, lang),
    );
    return sendFile(
      res,
      'user.xlsx',
      XLSX_TYPE,
      Buffer.from(await work.compute<Uint8Array>(conferenceOf(req), 'platform.table', { sheets: [sheet] })),
    );
  });

  route(router, api.allFiles, access('manager'), async ({ body }, req, res) => {
    const entries = await filesOfRegistrants(db, conferenceOf(req), await selectedIds(db, conferenceOf(req), body));
    if (!entries.length) throw new AppError(404, 'registration:noFiles');
    // The slot is taken before the headers: a refusal is still an envelope, not a broken zip.
    await zips.run(conferenceOf(req), async () => {
      setAttachment(res, 'files.zip', 'application/zip');
      await writeZip(res, entries, (name) => files.stream(conferenceOf(req), name));
    });
    return SENT;
  });

  route(router, api.downloadToken, access('manager'), async (_input, req) => ({
    token: await issueDownloadToken(db, conferenceOf(req), identityOf(req)!.user.id),
  }));

  // A form post in a new tab (spec 7): data = JSON [{name, field}], access_token = a single-use
  // token from download/token. The token, not the cookie, says who asks (origin.ts lets this
  // one urlencoded form through for that reason).
  route(
    router,
    api.downloadFiles,
    [access('anonymous', 'conference'), express.urlencoded({ extended: false, limit: '64kb' })],
    async ({ body }, req, res) => {
      const { data, access_token: token } = body;
      // The list is read before the token is used: a malformed one is the caller's mistake (400),
      // and the token stays good for the corrected request.
      const wanted = wantedFiles.safeParse(parseJsonOrNull(data));
      if (!wanted.success) throw new AppError(400, 'commonMsg.invalidInput', { field: 'data' });
      const userId = await consumeDownloadToken(db, conferenceOf(req), token);
      const identity = userId === null ? null : await loadIdentity(db, conferenceOf(req), userId);
      if (!isConferenceAdmin(identity)) throw new AppError(403, 'registration:downloadExpired');
      // Only files that belong to a registrant of this conference.
      const entries: ZipEntry[] = await registrantFilesNamed(
        db,
        conferenceOf(req),
        wanted.data.map((w) => w.name),
      );
      if (!entries.length) throw new AppError(404, 'registration:noFiles');
      if (entries.length === 1) {
        // Streamed from the store, its length from its row (issue 31).
        const found = await files.open(conferenceOf(req), entries[0].storedName);
        if (!found) throw new AppError(404, 'registration:noFiles');
        await streamAttachment(
          res,
          safeSegment(entries[0].path.split('/').pop() ?? 'file'),
          'application/octet-stream',
          found.file.size,
          found.body,
        );
        return SENT;
      }
      await zips.run(conferenceOf(req), async () => {
        setAttachment(res, 'files.zip', 'application/zip');
        await writeZip(res, entries, (name) => files.stream(conferenceOf(req), name));
      });
      return SENT;
    },
  );

  return router;
}
