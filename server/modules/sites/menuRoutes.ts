/**
 * The menu editor (docs/site-management/menus.md). API under /api/conference/menu/config/
 * (beside the public fixedAndPublish): tree, save, move, publish, delete; managers only, the
 * conference always from the Host. Page: /platform/config/menu, the ManageMenus island.
 */
import { Router, type Request } from 'express';
import { LANGUAGE_TYPE, type Lang } from '../../contract/enums';
import { menuDeleteInput, menuLangQuery, menuMoveInput, menuPublishInput, menuSaveInput, type MenuEditNode } from '../../contract/menus';
import { access, conferenceOf, screen } from '../../platform/access';

import type { Deps } from '../../platform/feature';
import { sendOk } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { parseInput } from '../../platform/validate';
import { MenuEditor } from './menuService';


const BASE = '/conference/menu/config';
export const MENU_SCREEN = '/platform/config/menu';

const conferenceId = (req: Request): number => conferenceOf(req);

export function menuApiRouter({ db, sites }: Deps): Router {
  const editor = new MenuEditor(db, sites);
  const router = Router();

  router.get(`${BASE}/tree`, access('manager'), async (req, res) => {
    const { lang } = parseInput(menuLangQuery, req.query);
    sendOk(res, await editor.tree(conferenceId(req), lang));
  });

  router.post(`${BASE}/save`, access('manager'), async (req, res) => {
    const input = parseInput(menuSaveInput, req.body ?? {});
    sendOk(res, { id: await editor.save(conferenceId(req), input) });
  });

  router.post(`${BASE}/move`, access('manager'), async (req, res) => {
    await editor.move(conferenceId(req), parseInput(menuMoveInput, req.body ?? {}));
    sendOk(res, true);
  });

  router.post(`${BASE}/publish`, access('manager'), async (req, res) => {
    const { ids, published } = parseInput(menuPublishInput, req.body ?? {});
    await editor.publish(conferenceId(req), ids, published);
    sendOk(res, true);
  });

  router.post(`${BASE}/delete`, access('manager'), async (req, res) => {
    const { ids } = parseInput(menuDeleteInput, req.body ?? {});
    sendOk(res, { deleted: await editor.remove(conferenceId(req), ids) });
  });

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
    const languages = siteLanguages(req.ctx.site!.config.languageType);
    const menus: Partial<Record<Lang, MenuEditNode[]>> = {};
    for (const lang of languages) menus[lang] = await editor.tree(id, lang);
    await shell.manageScreen(req, res, {
      title: t(req.ctx.lang, 'manageMenus:title'),
      island: { island: 'ManageMenus', props: { lang: req.ctx.lang, mobile: req.ctx.mobile, languages, menus, pages: await editor.pages(id) } },
    });
  });
  return router;
}
