/**
 * Writes to an order's lines (`order_items`): invalidating them, dropping the invalid ones,
 * restating a one-line order. Re-exported by repo.ts, so the module's files call them `repo.x`.
 */
import type { Tx } from '../../db/index';
import type { StoredItemRow } from './tables';

/** Marks these lines of the conference invalid (an invalidated order's lines). */
export async function invalidateItems(tx: Tx, conferenceId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length)
    await tx('order_items').where('conference_id', conferenceId).whereIn('id', itemIds).update({ valid: false });
}

/** Marks every line of the order invalid. */
export async function invalidateItemsOf(tx: Tx, conferenceId: number, orderId: number): Promise<void> {
  await tx('order_items').where({ conference_id: conferenceId, order_id: orderId }).update({ valid: false });
}

/** Deletes the order's invalid lines (its update keeps the valid ones). */
export async function deleteInvalidItems(tx: Tx, conferenceId: number, orderId: number): Promise<void> {
  await tx('order_items').where({ conference_id: conferenceId, order_id: orderId, valid: false }).delete();
}

/** Rewrites the lines of an order of one line (a hotel stay moved). */
export async function restateItems(
  tx: Tx,
  conferenceId: number,
  orderId: number,
  values: Pick<StoredItemRow, 'title_zh' | 'title_en' | 'unit_amount' | 'quantity'> & { display_unit_amount?: number },
): Promise<void> {
  await tx('order_items').where({ conference_id: conferenceId, order_id: orderId }).update(values);
}
