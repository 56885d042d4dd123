/**
 * An order's places of fees (spec 3 "Maximum total per category"): taken inside the order's
 * transaction through the capacity helper (server/db/capacity.ts), the same locks in the same
 * order for every order, so two orders never both take the last place.
 */
import type { Tx } from '../../db/index';
import { CapacityRowMissing, countOf, refuseOverfull } from '../../db/capacity';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

/**
 * Takes an order's places inside the caller's transaction, through the capacity helper: the fee
 * rows first (a price change or a move to another category waits for this order), then each
 * category's row in id order with its maximum shared by the category's items (409
 * 'fees:soldOut'); then each person's maximum per fee (409 'fees:perAccount') and the number of
 * registration fees a person may hold (409 'fees:registerTaken'), counted through the
 * transaction after the locks. Two orders of one person cannot both be counting: the orders
 * feature lets a person hold one open order of a type (its unique index), and a paid one keeps
 * its holds, so the second registration fee is refused whichever tab asks.
 *
 * The transaction must be one of inTransaction's: on MySQL/MariaDB they run at READ COMMITTED,
 * so the counts read after the locks see every hold committed while this one waited, whatever
 * the transaction read before (server/db/transaction.ts).
 */
export async function holdPlaces(
  tx: Tx,
  conferenceId: number,
  order: { orderId: number; userId: number; lines: Array<{ feeId: number; quantity: number }> },
): Promise<void> {
  const lines = mergeLines(order.lines).sort((a, b) => a.feeId - b.feeId);
  if (!lines.length) throw new AppError(400, 'fees:chooseFee');
  if (lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 1)) throw new AppError(400, 'fees:quantity');
  let locked: repo.Fee[];
  const wanted = new Map<number, number>();
  let categories: repo.CategoryRow[];
  try {
    // The fees first (the parent rows), then their categories, each group by id.
    locked = await repo.lockFeesOf(
      tx,
      conferenceId,
      lines.map((l) => l.feeId),
    );
    lines.forEach((l, i) => {
      const category = locked[i].category_id;
      if (category != null) wanted.set(category, (wanted.get(category) ?? 0) + l.quantity);
    });
    categories = await repo.lockCategoriesOf(tx, conferenceId, [...wanted.keys()]);
  } catch (err) {
    // A fee deleted (or of another conference) since the quote: the client's mistake, not a bug.
    if (err instanceof CapacityRowMissing) throw new AppError(400, 'fees:notFound');
    throw err;
  }

  const register = lines.reduce((n, l, i) => n + (locked[i].kind === 'register' ? l.quantity : 0), 0);
  if (register) {
    const allowed = await repo.registerPerPerson(tx, conferenceId);
    if ((await repo.registerHeldBy(tx, conferenceId, order.userId, order.orderId)) + register > allowed)
      throw new AppError(409, 'fees:registerTaken', { params: { n: String(allowed) } });
  }

  // Counted after the locks, through the transaction: a category's maximum is shared by its fees.
  const byCategory = await repo.usedByCategory(tx, conferenceId, [...wanted.keys()]);
  refuseOverfull(categories, {
    taken: (row) => byCategory.get(row.id) ?? 0,
    limit: (row) => countOf(row.max_total),
    want: (row) => wanted.get(row.id)!,
    refuse: () => new AppError(409, 'fees:soldOut'),
  });

  const ids = lines.map((l) => l.feeId);
  const [used, mine] = await Promise.all([
    repo.usedByFee(tx, conferenceId, ids),
    repo.usedByUser(tx, conferenceId, order.userId, ids),
  ]);
  const quantity = new Map(lines.map((l) => [l.feeId, l.quantity]));
  // A fee saved before categories existed counts its own maximum.
  refuseOverfull(locked, {
    taken: (row) => used.get(row.id) ?? 0,
    limit: (row) => (row.category_id == null ? countOf(row.max_total) : null),
    want: (row) => quantity.get(row.id)!,
    refuse: () => new AppError(409, 'fees:soldOut'),
  });
  refuseOverfull(locked, {
    taken: (row) => mine.get(row.id) ?? 0,
    limit: (row) => countOf(row.max_per_account),
    want: (row) => quantity.get(row.id)!,
    refuse: () => new AppError(409, 'fees:perAccount'),
  });
  await repo.insertHolds(
    tx,
    conferenceId,
    lines.map((l) => ({ fee_id: l.feeId, order_id: order.orderId, user_id: order.userId, quantity: l.quantity })),
  );
}

/** The same fee named twice counts once, with the quantities added. */
export function mergeLines(
  lines: Array<{ feeId: number; quantity: number }>,
): Array<{ feeId: number; quantity: number }> {
  const byFee = new Map<number, number>();
  for (const l of lines) byFee.set(l.feeId, (byFee.get(l.feeId) ?? 0) + l.quantity);
  return [...byFee].map(([feeId, quantity]) => ({ feeId, quantity }));
}
