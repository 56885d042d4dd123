/**
 * The page and template calls of spec section 7 (managers only), plus versions, restore and the
 * preview. The conference is the request's; ids of another conference are simply not found.
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { needToLoginInput, pageListQuery, pageSaveInput, previewInput } from '../../contract/pages';


const ID = /^[1-9]\d{0,9}$/;
const idParam = z.object({ id: z.string().regex(ID, 'managePages:notFound').transform(Number) });
const versionParams = z.object({
  id: z.string().regex(ID, 'managePages:notFound').transform(Number),
  version: z.string().regex(ID, 'managePages:versionNotFound').transform(Number),
});
const exteriorQuery = z.object({ exteriorId: z.string().regex(ID, 'commonMsg.invalidInput').transform(Number).optional() });

const SAVE = '/conference/page/save';
const PREVIEW = '/conference/page/preview';

/**
 * Page HTML may hold 4,000,000 characters (the schema's limit, which fits a MySQL MEDIUMTEXT even
 * at 4 bytes a character), and CSS 1,000,000. As JSON a character takes at most 6 bytes (a
 * backslash-u escape with four hex digits), so these routes take bodies up to 32 MB instead of
 * the API's 1 MB. app.ts leaves their bodies
 * to them, to be read only once the caller is known to be a manager.
 */
export const PAGE_BODY_LIMIT = '32mb';
export const LARGE_BODY_PATHS: ReadonlySet<string> = new Set([SAVE, PREVIEW]);

const readPageJson = express.json({ limit: PAGE_BODY_LIMIT });
function pageBody(req: Request, res: Response, next: NextFunction): void {
  readPageJson(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new AppError(413, 'managePages:htmlTooLong', 'html'));
    next(err);
  });
}

const conferenceId = (req: Request) => conferenceOf(req);
const userId = (req: Request) => req.ctx.identity!.user.id;

export function pageApiRouter({ pages }: Deps): Router {
  const router = Router();

  router.get('/conference/page/list', access('manager'), async (req, res) => {
    const query = parseInput(pageListQuery, req.query);
    sendOk(res, await pages.list(conferenceId(req), query));
  });

  router.get('/conference/page/detail/:id', access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    sendOk(res, await pages.detail(conferenceId(req), id));
  });

  router.post(SAVE, access('manager'), pageBody, async (req, res) => {
    const input = parseInput(pageSaveInput, req.body);
    sendOk(res, await pages.save(conferenceId(req), userId(req), input));
  });

  router.delete('/conference/page/delete/:id', access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    await pages.remove(conferenceId(req), id);
    sendOk(res, null);
  });

  router.get('/conference/page/findAllTemplate', access('manager'), async (req, res) => {
    const { exteriorId } = parseInput(exteriorQuery, req.query);
    sendOk(res, await pages.templates(req.ctx.site!, 'page', exteriorId));
  });

  router.get('/conference/page/findAllCommonTemplate', access('manager'), async (req, res) => {
    const { exteriorId } = parseInput(exteriorQuery, req.query);
    sendOk(res, await pages.templates(req.ctx.site!, 'common', exteriorId));
  });

  router.get('/conference/page/findAllPage', access('manager'), async (req, res) => {
    sendOk(res, await pages.allPages(conferenceId(req)));
  });

  router.get('/conference/page/image/path/all', access('manager'), async (req, res) => {
    sendOk(res, await pages.images(conferenceId(req)));
  });

  router.post('/conference/setting/save', access('manager'), async (req, res) => {
    const { data } = parseInput(needToLoginInput, req.body);
    await pages.setNeedToLogin(conferenceId(req), userId(req), data.pageId, data.needToLogin);
    sendOk(res, null);
  });

  router.get('/conference/page/versions/:id', access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    sendOk(res, await pages.versions(conferenceId(req), id));
  });

  router.get('/conference/page/version/:id/:version', access('manager'), async (req, res) => {
    const { id, version } = parseInput(versionParams, req.params);
    sendOk(res, await pages.version(conferenceId(req), id, version));
  });

  router.post('/conference/page/restore/:id/:version', access('manager'), async (req, res) => {
    const { id, version } = parseInput(versionParams, req.params);
    sendOk(res, await pages.restore(conferenceId(req), userId(req), id, version));
  });

  // The answer is data for a sandboxed iframe's srcdoc; it is never served as a page of this origin.
  router.post(PREVIEW, access('manager'), pageBody, async (req, res) => {
    const input = parseInput(previewInput, req.body);
    const { site, identity, lang } = req.ctx;
    const html = await pages.preview({ site: site!, identity, lang, origin: `${req.protocol}://${req.headers.host}` }, input);
    sendOk(res, { html });
  });

  return router;
}
