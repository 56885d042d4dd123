/**
 * The management screens of spec 2.12: config/page/{list,add,edit/:id} (type PAGE) and
 * config/template/{list,add,edit/:id} (type TEMPLATE), the same list and editor islands.
 */
import { Router, type Request, type Response } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import type { PageType } from '../../contract/pages';
import { siteOf } from '../../platform/context';

const SECTION: Record<PageType, string> = { PAGE: '/platform/config/page', TEMPLATE: '/platform/config/template' };
const ID = /^[1-9]\d{0,9}$/;

export function pageScreenRouter({ pages, shell }: Deps): Router {
  const router = Router();
  const guard = [screen('manager')] as const;
  const common = (req: Request) => ({
    lang: req.ctx.lang,
    mobile: req.ctx.mobile,
    timeZone: siteOf(req)!.conference.timeZone,
  });

  async function list(req: Request, res: Response, type: PageType): Promise<void> {
    const conferenceId = conferenceOf(req);
    const [initial, exteriors] = await Promise.all([
      pages.list(conferenceId, { type, page: 1, size: 20 }),
      pages.exteriors(conferenceId),
    ]);
    await shell.manageScreen(req, res, {
      title: t(req.ctx.lang, `managePages:title.${type}.list`),
      island: { island: 'ManagePageList', props: { ...common(req), type, initial, exteriors } },
    });
  }

  async function editor(req: Request, res: Response, type: PageType, id: number | null): Promise<void> {
    const conferenceId = conferenceOf(req);
    const site = siteOf(req)!;
    const page = id ? await pages.detail(conferenceId, id).catch(() => null) : null;
    // Another conference's id, a missing one, or a page opened as a template: not found.
    if (id && (!page || page.type !== type)) return res.redirect(302, '/404');
    const [exteriors, allPages, templates, commonTemplates] = await Promise.all([
      pages.exteriors(conferenceId),
      type === 'PAGE' ? pages.allPages(conferenceId) : Promise.resolve([]),
      pages.allTemplates(conferenceId, 'page'),
      pages.allTemplates(conferenceId, 'common'),
    ]);
    const kind = req.query.kind === 'common' ? 'common' : 'page';
    const title = page
      ? t(req.ctx.lang, `managePages:title.${type}.edit`, { name: page.name })
      : t(req.ctx.lang, `managePages:title.${type}.add`);
    await shell.manageScreen(req, res, {
      title,
      island: {
        island: 'ManagePageEditor',
        props: {
          ...common(req),
          type,
          page,
          newKind: type === 'TEMPLATE' ? kind : null,
          exteriors,
          websiteExteriorId: site.config.exteriorId,
          languageType: site.config.languageType,
          templates,
          commonTemplates,
          mobilePages: allPages.filter((p) => p.isMobile),
          desktopPages: allPages.filter((p) => !p.isMobile),
        },
      },
    });
  }

  for (const type of ['PAGE', 'TEMPLATE'] as const) {
    const base = SECTION[type];
    router.get(base, ...guard, (_req, res) => res.redirect(302, `${base}/list`));
    router.get(`${base}/list`, ...guard, (req, res) => list(req, res, type));
    router.get(`${base}/add`, ...guard, (req, res) => editor(req, res, type, null));
    router.get(`${base}/edit/:id`, ...guard, (req, res) => {
      const raw = String(req.params.id);
      if (!ID.test(raw)) return res.redirect(302, '/404');
      return editor(req, res, type, Number(raw));
    });
  }
  return router;
}
