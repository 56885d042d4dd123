/**
 * Platform administrators: list, add by e-mail (the account is created when it does not exist,
 * and its owner sets a password through "forgot password"), remove. A super admin cannot remove
 * themself, and the last one cannot be removed.
 */
import { Router } from 'express';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/dialect';
import { accountsApi, type SuperAdminView } from '../../contract/accounts';
import { access } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { cachedDataChanged } from '../../platform/changes';
import { route } from '../../platform/route';
import { ensureUser } from './service';
import * as repo from './repo';
import { identityOf } from '../../platform/context';

export type { SuperAdminView };

export function listSuperAdmins(db: Db): Promise<SuperAdminView[]> {
  return repo.superAdminRows(db);
}

export async function addSuperAdminByEmail(db: Db, email: string): Promise<SuperAdminView[]> {
  const { id } = await ensureUser(db, { email, trueName: '' });
  const already = () => new AppError(400, 'admin.alreadySuperAdmin', { field: 'email' });
  if (await repo.isSuperAdmin(db, id)) throw already();
  try {
    await repo.insertSuperAdmin(db, id);
    cachedDataChanged(db, { userId: id });
  } catch (err) {
    // Added by a concurrent request in the meantime.
    if (isUniqueViolation(err)) throw already();
    throw err;
  }
  return listSuperAdmins(db);
}

export async function removeSuperAdmin(db: Db, userId: number, callerId: number): Promise<SuperAdminView[]> {
  if (userId === callerId) throw new AppError(400, 'admin.cannotRemoveSelf');
  await db.transaction(async (tx) => {
    if ((await repo.countSuperAdmins(tx)) <= 1) throw new AppError(400, 'admin.lastSuperAdmin');
    const removed = await repo.deleteSuperAdmin(tx, userId);
    if (removed === 0) throw new AppError(404, 'commonMsg.notFound');
    cachedDataChanged(tx, { userId });
  });
  return listSuperAdmins(db);
}

export function superAdminRouter({ db }: Deps): Router {
  const router = Router();
  route(router, accountsApi.superAdmins, access('superAdmin'), () => listSuperAdmins(db));
  route(router, accountsApi.addSuperAdmin, access('superAdmin'), ({ body }) => addSuperAdminByEmail(db, body.email));
  route(router, accountsApi.removeSuperAdmin, access('superAdmin'), ({ params }, req) =>
    removeSuperAdmin(db, params.userId, identityOf(req)!.user.id),
  );
  return router;
}
