/**
 * The conference's desks and the people who staff them (the managers' screen). A desk is named
 * once in a conference; the staff are the holders of the `checkin` role.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import type { DeskStaffView, DeskView } from '../../contract/checkin';
import { AppError } from '../../platform/errors';
import { ensureUser, grantRole, revokeRole, roleHolders } from '../accounts/index';
import * as repo from './repo';

export async function list(db: Db, conferenceId: number): Promise<DeskView[]> {
  return (await repo.listDesks(db, conferenceId)).map((d) => ({
    id: d.id,
    name: d.name,
    retired: Boolean(d.retired_at),
  }));
}

export async function add(db: Db, conferenceId: number, name: string): Promise<DeskView[]> {
  try {
    await repo.insertDesk(db, conferenceId, name);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'checkin:deskNameTaken', { field: 'name' });
    throw err;
  }
  return list(db, conferenceId);
}

export async function rename(db: Db, conferenceId: number, id: number, name: string): Promise<DeskView[]> {
  try {
    if (!(await repo.updateDesk(db, conferenceId, id, { name, retired_at: null })))
      throw new AppError(404, 'checkin:deskNotFound');
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'checkin:deskNameTaken', { field: 'name' });
    throw err;
  }
  return list(db, conferenceId);
}

/** A desk is retired, not deleted: past check-ins still name it. */
export async function retire(db: Db, conferenceId: number, id: number): Promise<DeskView[]> {
  if (!(await repo.updateDesk(db, conferenceId, id, { retired_at: toDbInstant() })))
    throw new AppError(404, 'checkin:deskNotFound');
  return list(db, conferenceId);
}

export async function staff(db: Db, conferenceId: number): Promise<DeskStaffView[]> {
  return (await roleHolders(db, conferenceId, ['checkin'])).map((h) => ({
    id: h.id,
    email: h.email,
    name: h.trueName,
    // the stored text, as the desk screen has always received it
    since: toDbInstant(h.since),
  }));
}

/** Grants the desk role to an e-mail (the account is made when there is none: they sign in by code). */
export async function addStaff(db: Db, conferenceId: number, email: string): Promise<DeskStaffView[]> {
  const { id } = await ensureUser(db, { email, trueName: '' });
  await grantRole(db, conferenceId, id, 'checkin');
  return staff(db, conferenceId);
}

export async function removeStaff(db: Db, conferenceId: number, userId: number): Promise<DeskStaffView[]> {
  await revokeRole(db, conferenceId, userId, 'checkin');
  return staff(db, conferenceId);
}
