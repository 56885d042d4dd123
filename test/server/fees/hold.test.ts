/**
 * Places under a rush (DESIGN.md 3; issue 12 "Places hold under a rush"): the maximum per
 * category and the maximum per account are decided inside each order's transaction with the
 * capacity helper. Ten times the places requested at once give exactly the places, on SQLite and
 * on MariaDB; a release gives them back exactly once. Orders do not exist yet: the holds name
 * synthetic order ids (fee_holds.order_id has no foreign key).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { inTransaction } from '../../../server/db/transaction';
import { AppError } from '../../../server/platform/errors';
import { feeInput } from '../../../server/contract/fees';
import { feeBody } from './helpers';

let h: Harness;
let cid: number;

async function newFee(change: object): Promise<number> {
  const list = await h.fees.create(
    cid,
    feeInput.parse(feeBody({ kind: 'optional', categoryZh: `C${Math.random()}`, ...change })),
  );
  return list.at(-1)!.id;
}

const hold = (orderId: number, userId: number, feeId: number, quantity = 1) =>
  inTransaction(h.db, (tx) => h.fees.hold(tx, cid, { orderId, userId, lines: [{ feeId, quantity }] }));

async function settle(work: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(work);
  const keys = results.map((r) =>
    r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.messageKey : `error: ${String(r.reason)}`,
  );
  const tally: Record<string, number> = {};
  for (const k of keys) tally[k] = (tally[k] ?? 0) + 1;
  return tally;
}

const heldOf = async (feeId: number) =>
  Number((await h.db('fee_holds').where({ conference_id: cid, fee_id: feeId }).sum({ n: 'quantity' }).first())?.n ?? 0);

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'fees-rush', domains: ['fees-rush.localhost'] }));
}, 60_000);
afterAll(() => h?.stop());

describe('a rush', () => {
  test('300 concurrent orders of 1 place against a maximum of 30: exactly 30 holds, the rest sold out', async () => {
    const feeId = await newFee({ maxTotal: 30, maxPerAccount: 1 });
    const tally = await settle(Array.from({ length: 300 }, (_, i) => hold(10_000 + i, 20_000 + i, feeId)));
    expect(tally).toEqual({ ok: 30, 'fees:soldOut': 270 });
    expect(await heldOf(feeId)).toBe(30);
    expect((await h.fees.list(cid, 'optional')).find((f) => f.id === feeId)!.used).toBe(30);
  }, 120_000);

  test('one person sending 10 orders at once gets exactly the maximum per account', async () => {
    const feeId = await newFee({ maxTotal: 100, maxPerAccount: 3 });
    const tally = await settle(Array.from({ length: 10 }, (_, i) => hold(30_000 + i, 42, feeId)));
    expect(tally).toEqual({ ok: 3, 'fees:perAccount': 7 });
    expect(await heldOf(feeId)).toBe(3);
    const [offer] = (
      await h.fees.applicable(
        cid,
        {
          userId: 42,
          country: '',
          lang: 'zh',
          today: (await h.fees.list(cid, 'optional')).find((f) => f.id === feeId)!.openDate,
        },
        'optional',
      )
    ).filter((o) => o.id === feeId);
    expect(offer).toMatchObject({ remaining: 97, perAccountLeft: 0 });
  }, 60_000);

  test('an order of several fees takes all its places or none; orders naming them in opposite orders do not deadlock', async () => {
    const a = await newFee({ maxTotal: 20, maxPerAccount: 1 });
    const b = await newFee({ maxTotal: 10, maxPerAccount: 1 });
    const work = Array.from({ length: 40 }, (_, i) =>
      inTransaction(h.db, (tx) =>
        h.fees.hold(tx, cid, {
          orderId: 40_000 + i,
          userId: 50_000 + i,
          lines:
            i % 2
              ? [
                  { feeId: a, quantity: 1 },
                  { feeId: b, quantity: 1 },
                ]
              : [
                  { feeId: b, quantity: 1 },
                  { feeId: a, quantity: 1 },
                ],
        }),
      ),
    );
    const tally = await settle(work);
    expect(tally).toEqual({ ok: 10, 'fees:soldOut': 30 });
    expect([await heldOf(a), await heldOf(b)]).toEqual([10, 10]);
  }, 60_000);
});

describe('release', () => {
  test('gives the places back exactly once: the second release removes nothing', async () => {
    const feeId = await newFee({ maxTotal: 2, maxPerAccount: 2 });
    await hold(60_001, 7, feeId, 2);
    await expect(hold(60_002, 8, feeId)).rejects.toMatchObject({ messageKey: 'fees:soldOut' });
    expect(await inTransaction(h.db, (tx) => h.fees.release(tx, cid, 60_001))).toBe(1);
    expect(await inTransaction(h.db, (tx) => h.fees.release(tx, cid, 60_001))).toBe(0);
    await hold(60_002, 8, feeId);
    expect(await heldOf(feeId)).toBe(1);
  });

  test('two releases of one order at once: one removes the holds, the other nothing', async () => {
    const feeId = await newFee({ maxTotal: 5, maxPerAccount: 5 });
    await hold(61_001, 9, feeId, 3);
    const counts = await Promise.all([1, 2].map(() => inTransaction(h.db, (tx) => h.fees.release(tx, cid, 61_001))));
    expect(counts.sort()).toEqual([0, 1]);
  });

  test("a hold of a fee that does not exist (or is another conference's) is a 400, not a crash", async () => {
    await expect(hold(62_001, 9, 999_999)).rejects.toMatchObject({ status: 400, messageKey: 'fees:notFound' });
    await expect(hold(62_002, 9, await newFee({}), 0)).rejects.toMatchObject({ messageKey: 'fees:quantity' });
  });
});
