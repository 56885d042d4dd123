/** The layouts' own routes: the management overview and the fallbacks. */
import { Router } from 'express';
import { REVIEWER_AREA, screen } from '../access';
import type { Shell } from './layouts';
import type { ManageMenuEntry } from './menus';

/** The shell's own entry of the management menu: the overview, first. */
export const SHELL_MANAGE_MENU: ManageMenuEntry[] = [
  { href: '/platform', labelKey: 'manage.menu.overview', order: 0, who: 'admin' },
];

export function shellPageRouter(shell: Shell): Router {
  const router = Router();
  router.get('/platform', screen('manager'), (req, res) => shell.manageOverview(req, res));
  // REVIEWER_HOME (the reviewer's tasks) is served by review (server/modules/review/reviewing/routes.ts).
  return router;
}

/** Mounted after every feature's screens: any other management address is guarded, then a 404. */
export function shellFallbackRouter(): Router {
  const router = Router();
  router.get(`${REVIEWER_AREA}/{*rest}`, screen('reviewer'), (_req, res) => res.redirect(302, '/404'));
  router.get('/platform/{*rest}', screen('manager'), (_req, res) => res.redirect(302, '/404'));
  return router;
}
