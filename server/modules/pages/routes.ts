/**
 * The page and template calls of spec section 7 (managers only), plus versions, restore and the
 * preview. The conference is the request's; ids of another conference are simply not found.
 */
import { Router, type Request } from 'express';
import { jsonBodyUpTo } from '../../platform/largeBody';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { pagesApi } from '../../contract/pages';
import { identityOf, siteOf } from '../../platform/context';

/**
 * Page HTML may hold 4,000,000 characters (the schema's limit, which fits a MySQL MEDIUMTEXT even
 * at 4 bytes a character), and CSS 1,000,000. As JSON a character takes at most 6 bytes (a
 * backslash-u escape with four hex digits), so these routes take bodies up to 32 MB instead of
 * the API's 1 MB. app.ts leaves their bodies
 * to them, to be read only once the caller is known to be a manager.
 */
export const PAGE_BODY_LIMIT = 32 * 1024 * 1024;
export const LARGE_BODY_PATHS: ReadonlySet<string> = new Set([pagesApi.save.path, pagesApi.preview.path]);

const pageBody = jsonBodyUpTo(PAGE_BODY_LIMIT, () => new AppError(413, 'managePages:htmlTooLong', { field: 'html' }));

const conferenceId = (req: Request) => conferenceOf(req);
const userId = (req: Request) => identityOf(req)!.user.id;

export function pageApiRouter({ pages }: Deps): Router {
  const router = Router();
  const manager = access('manager');

  route(router, pagesApi.list, manager, async ({ query }, req) => pages.list(conferenceId(req), query));
  route(router, pagesApi.detail, manager, async ({ params }, req) => pages.detail(conferenceId(req), params.id));
  route(router, pagesApi.save, [manager, pageBody], async ({ body }, req) =>
    pages.save(conferenceId(req), userId(req), body),
  );
  route(router, pagesApi.remove, manager, async ({ params }, req) => {
    await pages.remove(conferenceId(req), params.id);
    return null;
  });
  route(router, pagesApi.templates, manager, async ({ query }, req) =>
    pages.templates(siteOf(req)!, 'page', query.exteriorId),
  );
  route(router, pagesApi.commonTemplates, manager, async ({ query }, req) =>
    pages.templates(siteOf(req)!, 'common', query.exteriorId),
  );
  route(router, pagesApi.allPages, manager, async (_input, req) => pages.allPages(conferenceId(req)));
  route(router, pagesApi.images, manager, async (_input, req) => pages.images(conferenceId(req)));
  route(router, pagesApi.setNeedToLogin, manager, async ({ body: { data } }, req) => {
    await pages.setNeedToLogin(conferenceId(req), userId(req), data.pageId, data.needToLogin);
    return null;
  });
  route(router, pagesApi.versions, manager, async ({ params }, req) => pages.versions(conferenceId(req), params.id));
  route(router, pagesApi.version, manager, async ({ params }, req) =>
    pages.version(conferenceId(req), params.id, params.version),
  );
  route(router, pagesApi.restore, manager, async ({ params }, req) =>
    pages.restore(conferenceId(req), userId(req), params.id, params.version),
  );

  // The answer is data for a sandboxed iframe's srcdoc; it is never served as a page of this origin.
  route(router, pagesApi.preview, [manager, pageBody], async ({ body }, req) => {
    const { lang } = req.ctx;
    const site = siteOf(req);
    const identity = identityOf(req);
    const html = await pages.preview(
      { site: site!, identity, lang, origin: `${req.protocol}://${req.headers.host}` },
      body,
    );
    return { html };
  });

  return router;
}
