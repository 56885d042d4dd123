/**
 * The platform administration's own views for super admins: identity providers and super admins.
 * They exist on the platform host only, which keeps super-admin sessions away from managers'
 * scripts; the layout and its menu are the platform's (server/platform/shell).
 */
import { Router } from 'express';
import { screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { presentProvider, IdentityProviders } from './providers';
import { listSuperAdmins } from './superAdmins';

export function adminPageRouter({ db, shell }: Deps): Router {
  const router = Router();
  const providers = new IdentityProviders(db);
  router.get('/admin', screen('superAdmin'), (_req, res) => res.redirect(302, '/admin/identityProviders'));
  router.get('/admin/identityProviders', screen('superAdmin'), async (req, res) =>
    shell.adminPage(req, res, { view: 'providers', providers: (await providers.listAll()).map(presentProvider) }),
  );
  router.get('/admin/superAdmins', screen('superAdmin'), async (req, res) =>
    shell.adminPage(req, res, { view: 'superAdmins', admins: await listSuperAdmins(db) }),
  );
  return router;
}
