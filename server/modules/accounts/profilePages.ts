/**
 * The personal centre's own screens (spec 2.10): /profile/userInfo and its Edit screen. The
 * layout and its menu are the platform's (server/platform/shell); other features add screens.
 */
import { Router } from 'express';
import { screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';

export function profilePageRouter({ shell }: Deps): Router {
  const router = Router();
  const signedIn = screen('user', 'conference');
  router.get('/profile', signedIn, (_req, res) => res.redirect(302, '/profile/userInfo'));
  router.get('/profile/userInfo', signedIn, (req, res) => shell.profilePage(req, res, { view: 'userInfo' }));
  router.get('/profile/userInfo/Edit', signedIn, (req, res) => shell.profilePage(req, res, { view: 'userInfoEdit' }));
  return router;
}
