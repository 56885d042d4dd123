/**
 * The menu editor (docs/site-management/menus.md): the sitesApi.menu* calls (beside the public
 * publishedMenu) — tree, save, move, publish, delete; managers only, the conference always from
 * the Host. Page: /platform/config/menu, the ManageMenus island.
 */
import { Router, type Request } from 'express';
import { LANGUAGE_TYPE, type Lang } from '../../contract/enums';
import type { MenuEditNode } from '../../contract/menus';
import { sitesApi } from '../../contract/sites';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { route } from '../../platform/route';
import { MenuEditor } from './menuService';
import { siteOf } from '../../platform/context';

export const MENU_SCREEN = '/platform/config/menu';

const conferenceId = (req: Request): number => conferenceOf(req);

export function menuApiRouter({ db, sites }: Deps): Router {
  const editor = new MenuEditor(db, sites);
  const router = Router();
  const manager = access('manager');

  route(router, sitesApi.menuTree, manager, async ({ query }, req) => editor.tree(conferenceId(req), query.lang));
  route(router, sitesApi.menuSave, manager, async ({ body }, req) => ({
    id: await editor.save(conferenceId(req), body),
  }));
  route(router, sitesApi.menuMove, manager, async ({ body }, req) => {
    await editor.move(conferenceId(req), body);
    return true as const;
  });
  route(router, sitesApi.menuPublish, manager, async ({ body }, req) => {
    await editor.publish(conferenceId(req), body.ids, body.published);
    return true as const;
  });
  route(router, sitesApi.menuDelete, manager, async ({ body }, req) => ({
    deleted: await editor.remove(conferenceId(req), body.ids),
  }));

  return router;
}

/** The menus a site uses: languageType '1' zh only, '2' en only, '3' both. */
export function siteLanguages(languageType: string): Lang[] {
  if (languageType === LANGUAGE_TYPE.zhOnly) return ['zh'];
  if (languageType === LANGUAGE_TYPE.enOnly) return ['en'];
  return ['zh', 'en'];
}

export function menuPageRouter({ db, sites, shell }: Deps): Router {
  const editor = new MenuEditor(db, sites);
  const router = Router();
  router.get(MENU_SCREEN, screen('manager'), async (req, res) => {
    const id = conferenceId(req);
    const languages = siteLanguages(siteOf(req)!.config.languageType);
    const menus: Partial<Record<Lang, MenuEditNode[]>> = {};
    for (const lang of languages) menus[lang] = await editor.tree(id, lang);
    await shell.manageScreen(req, res, {
      title: t(req.ctx.lang, 'manageMenus:title'),
      island: {
        island: 'ManageMenus',
        props: { lang: req.ctx.lang, mobile: req.ctx.mobile, languages, menus, pages: await editor.pages(id) },
      },
    });
  });
  return router;
}
