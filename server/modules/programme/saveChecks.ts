/**
 * What every save of an item checks before it writes: the item is still at the revision the
 * manager saw (else `StaleItem`, 409, with the item as it now is and who saved it), the room and
 * session it names are this conference's, and its people carry their accounts.
 */
import type { Tx } from '../../db/index';
import type { EditorItem, EditorPerson } from '../../contract/programmeEditor';
import { AppError } from '../../platform/errors';
import { findAccountByEmail } from '../accounts/index';
import { programmeTerms } from '../submissions/index';
import { itemOf, namesOf } from './editor';
import * as repo from './repo';

/** A save over a newer version: the item as it now is (null: deleted meanwhile) and who saved it. */
export class StaleItem extends AppError {
  constructor(
    readonly current: EditorItem | null,
    readonly by: string,
  ) {
    super(409, 'programmeManage:stale');
  }
}

export const notFound = () => new AppError(404, 'programmeManage:notFound');

/** People as stored: the account of their address, when there is one, is how their clashes are found. */
export async function storedPeople(
  tx: Tx,
  list: Array<{ name: string; unit: string; email: string }>,
): Promise<EditorPerson[]> {
  const out: EditorPerson[] = [];
  for (const p of list)
    out.push({
      name: p.name,
      unit: p.unit,
      email: p.email,
      accountId: p.email ? ((await findAccountByEmail(tx, p.email))?.id ?? null) : null,
    });
  return out;
}

export async function checkRefs(
  tx: Tx,
  conferenceId: number,
  refs: { roomId?: number | null; sessionId?: number | null },
): Promise<void> {
  if (refs.roomId != null && !(await repo.roomRows(tx, conferenceId)).some((r) => r.id === refs.roomId))
    throw new AppError(400, 'programmeManage:roomNotFound', { field: 'roomId' });
  if (refs.sessionId != null && !(await programmeTerms(tx, conferenceId)).sessions.some((s) => s.id === refs.sessionId))
    throw new AppError(400, 'programmeManage:sessionNotFound', { field: 'sessionId' });
}

/** The item at the revision the manager saw, or StaleItem. */
export async function currentItem(tx: Tx, conferenceId: number, id: number, revision: number): Promise<repo.Item> {
  const row = await repo.itemRow(tx, conferenceId, id);
  if (!row) {
    // another conference's item is not found; one deleted meanwhile is a stale save
    if (await repo.itemExists(tx, id)) throw notFound();
    throw new StaleItem(null, '');
  }
  if (Number(row.revision) !== revision) throw await staleItem(tx, row);
  return row;
}

export async function staleItem(tx: Tx, row: repo.Item): Promise<StaleItem> {
  const names = await namesOf(tx, [row.updated_by]);
  const item = itemOf(row, names);
  return new StaleItem(item, item.updatedBy);
}

export async function writeItem(
  tx: Tx,
  conferenceId: number,
  row: repo.Item,
  values: repo.ItemValues,
  by: number,
): Promise<void> {
  if (!(await repo.updateItemAt(tx, conferenceId, row.id, Number(row.revision), values, by))) {
    const now = await repo.itemRow(tx, conferenceId, row.id);
    throw now ? await staleItem(tx, now) : new StaleItem(null, '');
  }
}
