/**
 * The unit list: POST /home/company/findByQuery for everyone (spec 7 "Other lists"), and its
 * management by super admins on the platform host (/admin/units and /api/platform/admin/units).
 */
import { Router } from 'express';
import { unitsApi } from '../../contract/units';
import { access, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { route } from '../../platform/route';
import { createUnit, deleteUnit, findUnits, updateUnit } from './service';

export function unitApiRouter({ db }: Deps): Router {
  const router = Router();
  route(router, unitsApi.find, access('anonymous'), ({ body }) => findUnits(db, body));
  route(router, unitsApi.list, access('superAdmin'), ({ query }) => findUnits(db, query));
  route(router, unitsApi.create, access('superAdmin'), ({ body }) => createUnit(db, body));
  route(router, unitsApi.update, access('superAdmin'), ({ params, body }) => updateUnit(db, params.id, body));
  route(router, unitsApi.remove, access('superAdmin'), async ({ params }) => {
    await deleteUnit(db, params.id);
    return null;
  });
  return router;
}

export function unitPageRouter({ db, shell }: Deps): Router {
  const router = Router();
  router.get('/admin/units', screen('superAdmin'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.platformScreen(req, res, {
      title: t(lang, 'units:title'),
      island: {
        island: 'AdminUnits',
        props: { lang, mobile, initial: await findUnits(db, { page: 1, size: 100_000 }) },
      },
    });
  });
  return router;
}
