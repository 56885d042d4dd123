/**
 * The submission calls (server/contract/submissions.ts): thin handlers — the endpoint parses, the
 * guard decides who, the services do the rules and the transactions. The author's calls follow
 * the unpublished rule of the pages before reading their input.
 */
import { zoneOffsetOf } from '../../platform/listAddress';
import { Router, type Request, type Response } from 'express';
import { access, conferenceOf, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, tooManyRequests, unauthorized } from '../../platform/errors';
import { route, SENT } from '../../platform/route';
import { sendAttachment, setAttachment, streamAttachment } from '../../platform/download';
import { workAsker, workStarted } from '../../platform/work/index';
import type { WorkFile } from '../../platform/work/types';
import { submissionsApi as api } from '../../contract/submissionsApi';
import { type FileView } from '../../contract/submissions';
import { assertOpenTo } from '../sites/index';
import { todayIn } from '../../platform/localTime';
import { declaresMoreThan, receiveTemporaryUpload } from '../files/index';
import type { Author } from './author';
import type { Manager } from './desk';
import { checkFile, downloadName, ruleOf } from './files';
import { presentSettings } from './present';
import * as configRepo from './configRepo';
import { computeNow, exportParamsOf, SMALL_SELECTION } from './work';
import { writeZip, zipSlots } from '../../platform/zip';
import { identityOf, siteOf, timeZoneOf } from '../../platform/context';

/** Uploads per signed-in author an hour: a manuscript has two files, replaced now and then. */
export const UPLOAD_LIMIT = { limit: 40, windowMs: 60 * 60_000 };

export function authorOf(req: Request): Author {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  return {
    userId: identity.user.id,
    email: identity.user.email,
    name: identity.user.trueName ?? '',
    lang: req.ctx.lang,
    today: todayIn(timeZoneOf(req)),
  };
}

export function managerOf(req: Request): Manager {
  const identity = identityOf(req);
  if (!identity) throw unauthorized();
  return {
    userId: identity.user.id,
    name: identity.user.trueName || identity.user.email,
    lang: req.ctx.lang,
    timeZone: timeZoneOf(req),
  };
}

/** The submission module's switch (on unless a platform administrator turned it off for the conference). */
export function submissionModuleOn(req: Request): boolean {
  return siteOf(req)?.modules.submission !== false;
}

function sendFile(res: Response, file: WorkFile): typeof SENT {
  sendAttachment(res, file.name, file.contentType, file.bytes);
  return SENT;
}

export function submissionsApiRouter(deps: Deps): Router {
  const {
    db,
    files,
    limiter,
    work,
    submissionWork: kinds,
    submissionConfig: config,
    submissionAuthor: author,
    submissionDesk: desk,
    submissionBook: book,
    submissionFee: fee,
  } = deps;
  const router = Router();

  /** The whole book's work; the panel follows the book's own state (building until the work ends it), not the work. */
  async function askBook(req: Request) {
    const unmark = await book.markBuilding(conferenceOf(req), req.ctx.lang);
    try {
      const started = await work.ask(kinds.book, workAsker(req), { lang: req.ctx.lang });
      if (started.state === 'done' || started.state === 'failed') await unmark();
      return started;
    } catch (err) {
      await unmark();
      throw err;
    }
  }

  route(router, api.feeSettings, access('manager'), async (_input, req) => fee.settings(db, conferenceOf(req)));
  route(router, api.saveFeeSettings, access('manager'), async ({ body }, req) => fee.save(conferenceOf(req), body));
  // The author's submission fee: the order to pay, then the payment page (issue 32).
  route(router, api.payFee, access('attendee'), async (_input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return { orderId: await fee.order(conferenceOf(req), authorOf(req).userId, req.ctx.lang) };
  });
  route(router, api.config, access('manager'), async (_input, req) => config.config(conferenceOf(req)));
  route(router, api.saveSettings, access('manager'), async ({ body }, req) =>
    config.saveSettings(conferenceOf(req), body),
  );
  route(router, api.saveLayout, access('manager'), async ({ body }, req) => config.saveLayout(conferenceOf(req), body));
  route(router, api.createSession, access('manager'), async ({ body }, req) =>
    config.createSession(conferenceOf(req), body),
  );
  route(router, api.updateSession, access('manager'), async ({ params: { id }, body }, req) =>
    config.updateSession(conferenceOf(req), id, body),
  );
  route(router, api.removeSession, access('manager'), async ({ params: { id } }, req) =>
    config.removeSession(conferenceOf(req), id),
  );
  route(router, api.createTerm, access('manager'), async ({ params: { kind }, body }, req) =>
    config.createTerm(conferenceOf(req), kind, body),
  );
  route(router, api.updateTerm, access('manager'), async ({ params: { kind, id }, body }, req) =>
    config.updateTerm(conferenceOf(req), kind, id, body),
  );
  route(router, api.removeTerm, access('manager'), async ({ params: { kind, id } }, req) =>
    config.removeTerm(conferenceOf(req), kind, id),
  );

  route(router, api.page, access('user', 'conference'), async (_input, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return author.page(conferenceOf(req), authorOf(req), submissionModuleOn(req));
  });
  route(router, api.upload, access('user', 'conference'), async ({ query }, req, res): Promise<FileView> => {
    assertOpenTo(siteOf(req), identityOf(req));
    const conferenceId = conferenceOf(req);
    const person = authorOf(req);
    if (!(await limiter.hit(`submitupload:user:${person.userId}`, UPLOAD_LIMIT.limit, UPLOAD_LIMIT.windowMs)).allowed)
      throw tooManyRequests();
    const settings = presentSettings(await configRepo.findSettings(db, conferenceId));
    const rule = ruleOf(settings, query.slot);
    // Refused before the body is read: a hidden slot, or a declared length past the rule's size
    // (with room for the multipart framing).
    if (rule.mode === 'hide') throw new AppError(400, 'submissions:fileHidden', { field: query.slot });
    if (declaresMoreThan(req, rule.maxMb * 1024 * 1024))
      throw new AppError(400, 'submissions:fileTooLarge', { field: query.slot, params: { max: String(rule.maxMb) } });
    const stored = await receiveTemporaryUpload(files, req, res, conferenceId, person.userId, 'manuscript');
    // A refused file stays a temporary upload, unclaimable by the form, until the sweeper removes
    // it and gives its bytes back to the budget (server/modules/files/jobs.ts).
    checkFile(rule, query.slot, { originalName: stored.originalName, storedName: stored.name, size: stored.size });
    return { name: stored.name, originalName: stored.originalName, size: stored.size };
  });
  route(router, api.submit, access('user', 'conference'), async ({ body }, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return author.submit(conferenceOf(req), authorOf(req), body, submissionModuleOn(req));
  });
  route(router, api.mine, access('user', 'conference'), async ({ params: { id } }, req) =>
    author.own(conferenceOf(req), authorOf(req), id),
  );
  route(router, api.update, access('user', 'conference'), async ({ params: { id }, body }, req) => {
    assertOpenTo(siteOf(req), identityOf(req));
    return author.update(conferenceOf(req), authorOf(req), id, body);
  });
  route(router, api.withdraw, access('user', 'conference'), async ({ params: { id } }, req) =>
    author.withdraw(conferenceOf(req), authorOf(req), id),
  );
  route(router, api.file, access('user', 'conference'), async ({ params: { id, slot } }, req, res) => {
    const f = await author.file(conferenceOf(req), userOf(req), id, slot);
    await streamAttachment(res, downloadName(f.number, slot, f.storedName), f.contentType, f.size, f.body);
    return SENT;
  });

  // before `/:id`, which would take 'book' for an id
  route(router, api.book, access('manager'), async (_input, req) => book.state(conferenceOf(req), req.ctx.lang));
  // A fresh book is not built again: nothing it prints changed.
  route(router, api.buildBook, access('manager'), async (_input, req) => {
    if (!(await book.fresh(conferenceOf(req), req.ctx.lang))) await askBook(req);
    return book.state(conferenceOf(req), req.ctx.lang);
  });
  route(router, api.list, access('manager'), async ({ query }, req) =>
    desk.list(conferenceOf(req), { ...query, offsetMinutes: zoneOffsetOf(req) }),
  );
  route(router, api.detail, access('manager'), async ({ params: { id } }, req) => desk.detail(conferenceOf(req), id));
  route(router, api.act, access('manager'), async ({ params: { id }, body }, req) =>
    desk.act(conferenceOf(req), managerOf(req), id, body.action, body.note),
  );
  route(router, api.managerFile, access('manager'), async ({ params: { id, slot } }, req, res) => {
    const f = await author.file(conferenceOf(req), null, id, slot);
    await streamAttachment(res, downloadName(f.number, slot, f.storedName), f.contentType, f.size, f.body);
    return SENT;
  });
  route(router, api.download, access('manager'), async ({ body: { type, ids, filter } }, req, res) => {
    const conferenceId = conferenceOf(req);
    const manager = managerOf(req);
    const plan = await desk.plan(conferenceId, type, ids, filter);
    if (type === 'abstract' || type === 'manuscript') {
      const zip = await desk.zipEntries(conferenceId, type, ids, filter);
      // Stored, not deflated: manuscripts are PDFs and Word files, compressed already.
      await zipSlots.run(conferenceId, async () => {
        setAttachment(res, zip.name, 'application/zip');
        await writeZip(res, zip.entries, (name) => files.stream(conferenceId, name), { store: true });
      });
      return SENT;
    }
    if (plan.kind === 'book') {
      const kept = await book.fresh(conferenceId, manager.lang);
      if (kept) return sendFile(res, { name: 'abstracts.pdf', contentType: 'application/pdf', bytes: kept });
      if (plan.count <= SMALL_SELECTION)
        return sendFile(res, {
          name: 'abstracts.pdf',
          contentType: 'application/pdf',
          bytes: (await book.build(conferenceId, manager.lang, computeNow(deps, conferenceId))).pdf,
        });
      return workStarted(res, await askBook(req));
    }
    const request = { type, ids, filter };
    if (plan.count <= SMALL_SELECTION)
      return sendFile(res, await desk.exportFile(conferenceId, manager, request, computeNow(deps, conferenceId)));
    return workStarted(res, await work.ask(kinds.export, workAsker(req), exportParamsOf(request, manager.lang)));
  });
  return router;
}
