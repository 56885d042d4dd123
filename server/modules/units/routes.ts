/**
 * The unit list: POST /home/company/findByQuery for everyone (spec 7 "Other lists"), and its
 * management by super admins on the platform host (/admin/units and /api/platform/admin/units).
 */
import { Router } from 'express';
import { z } from 'zod';
import { access, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { sendOk } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { parseInput } from '../../platform/validate';
import { createUnit, deleteUnit, findUnits, unitInput, updateUnit } from './service';

const ADMIN = '/platform/admin/units';
const idParam = z.object({ id: z.coerce.number().int().positive('commonMsg.notFound').max(2 ** 31) });
// The described client asks for page 1, size 99999 (spec 9).
const queryInput = z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(100_000).default(99_999), query: z.string().trim().max(100).optional() });

export function unitApiRouter({ db }: Deps): Router {
  const router = Router();
  router.post('/home/company/findByQuery', access('anonymous'), async (req, res) => sendOk(res, await findUnits(db, parseInput(queryInput, req.body ?? {}))));
  router.get(ADMIN, access('superAdmin'), async (req, res) => sendOk(res, await findUnits(db, parseInput(queryInput, req.query))));
  router.post(ADMIN, access('superAdmin'), async (req, res) => sendOk(res, await createUnit(db, parseInput(unitInput, req.body)), 'units:saved'));
  router.put(`${ADMIN}/:id`, access('superAdmin'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    sendOk(res, await updateUnit(db, id, parseInput(unitInput, req.body)), 'units:saved');
  });
  router.delete(`${ADMIN}/:id`, access('superAdmin'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    await deleteUnit(db, id);
    sendOk(res, null, 'units:deleted');
  });
  return router;
}

export function unitPageRouter({ db, shell }: Deps): Router {
  const router = Router();
  router.get('/admin/units', screen('superAdmin'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.platformScreen(req, res, { title: t(lang, 'units:title'), island: { island: 'AdminUnits', props: { lang, mobile, initial: await findUnits(db, { page: 1, size: 100_000 }) } } });
  });
  return router;
}
