/**
 * Platform administrators: list, add by e-mail (the account is created when it does not exist,
 * and its owner sets a password through "forgot password"), remove. A super admin cannot remove
 * themself, and the last one cannot be removed.
 */
import { Router } from 'express';
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { accountsApi, type SuperAdminView } from '../../contract/accounts';
import { access } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { cachedDataChanged } from '../../platform/changes';
import { route } from '../../platform/route';
import { ensureUser } from './service';

export type { SuperAdminView };

export async function listSuperAdmins(db: Db): Promise<SuperAdminView[]> {
  const rows = await db('super_admins as s')
    .join('users as u', 'u.id', 's.user_id')
    .orderBy('s.created_at')
    .select('u.id', 'u.email', 'u.true_name', 'u.password_hash', 's.created_at');
  return rows.map((r) => ({ userId: r.id, email: r.email, trueName: r.true_name, hasPassword: Boolean(r.password_hash), since: r.created_at }));
}

export async function addSuperAdminByEmail(db: Db, email: string): Promise<SuperAdminView[]> {
  const { id } = await ensureUser(db, { email, trueName: '' });
  const already = () => new AppError(400, 'admin.alreadySuperAdmin', 'email');
  if (await db('super_admins').where({ user_id: id }).first()) throw already();
  try {
    await db('super_admins').insert({ user_id: id, created_at: toDbInstant() });
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
    const count = Number((await tx('super_admins').count({ n: '*' }).first())?.n ?? 0);
    if (count <= 1) throw new AppError(400, 'admin.lastSuperAdmin');
    const removed = await tx('super_admins').where({ user_id: userId }).delete();
    if (removed === 0) throw new AppError(404, 'commonMsg.notFound');
    cachedDataChanged(tx, { userId });
  });
  return listSuperAdmins(db);
}

export function superAdminRouter({ db }: Deps): Router {
  const router = Router();
  route(router, accountsApi.superAdmins, access('superAdmin'), () => listSuperAdmins(db));
  route(router, accountsApi.addSuperAdmin, access('superAdmin'), ({ body }) => addSuperAdminByEmail(db, body.email));
  route(router, accountsApi.removeSuperAdmin, access('superAdmin'), ({ params }, req) => removeSuperAdmin(db, params.userId, req.ctx.identity!.user.id));
  return router;
}
