/**
 * Fee categories (issue 32): a category is named in both languages and its maximum is shared by
 * the fee items of the category (spec 3 "Maximum total per category"), decided under the
 * category row's lock by the capacity helper, on SQLite and on MariaDB. A fee deleted since the
 * page was read answers 'fees:notFound' through the helper's typed error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { inTransaction } from '../../../server/db/transaction';
import { AppError } from '../../../server/platform/errors';
import { CapacityRowMissing, reserveCapacity } from '../../../server/db/capacity';
import { feeInput } from '../../../server/contract/fees';
import { feeBody, TODAY } from './helpers';

let h: Harness;
let cid: number;

async function newFee(change: object): Promise<number> {
  const list = await h.fees.create(cid, feeInput.parse(feeBody({ kind: 'optional', ...change })));
  return list.at(-1)!.id;
}

const hold = (orderId: number, userId: number, feeId: number, quantity = 1) =>
  inTransaction(h.db, (tx) => h.fees.hold(tx, cid, { orderId, userId, lines: [{ feeId, quantity }] }));

async function tally(work: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(work);
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key =
      r.status === 'fulfilled'
        ? 'ok'
        : r.reason instanceof AppError
          ? r.reason.messageKey
          : `error: ${String(r.reason)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'fees-categories', domains: ['fees-categories.localhost'] }));
}, 60_000);
afterAll(() => h?.stop());

describe('a bilingual category', () => {
  test('is stored once with both names; every view of its fees carries both', async () => {
    const a = await newFee({ categoryZh: '学生', categoryEn: 'Students', titleEn: 'Student dinner', maxTotal: 50 });
    const b = await newFee({ categoryZh: '学生', categoryEn: 'Students', titleEn: 'Student tour', maxTotal: 50 });
    expect(await h.db('fee_categories').where({ conference_id: cid, name_zh: '学生' })).toHaveLength(1);
    const list = await h.fees.list(cid, 'optional');
    expect(list.filter((f) => f.id === a || f.id === b).map((f) => [f.categoryZh, f.categoryEn])).toEqual([
      ['学生', 'Students'],
      ['学生', 'Students'],
    ]);
    const offers = await h.fees.applicable(cid, { userId: 1, country: '', lang: 'en', today: TODAY() }, 'optional');
    expect(offers.find((o) => o.id === a)).toMatchObject({ categoryZh: '学生', categoryEn: 'Students' });
    const [line] = await h.fees.quote(h.db, cid, { userId: 1, country: '', lang: 'en', today: TODAY() }, [
      { feeId: b, quantity: 1 },
    ]);
    expect(line).toMatchObject({ categoryZh: '学生', categoryEn: 'Students' });
  });

  test("a fee moved to another category leaves no empty category behind; the English name and maximum are the category's", async () => {
    const id = await newFee({ categoryZh: '临时', categoryEn: 'Temporary', maxTotal: 9 });
    await h.fees.update(
      cid,
      id,
      feeInput.parse(feeBody({ kind: 'optional', categoryZh: '正式', categoryEn: 'Regular ones', maxTotal: 12 })),
    );
    expect(await h.db('fee_categories').where({ conference_id: cid, name_zh: '临时' })).toHaveLength(0);
    const other = await newFee({ categoryZh: '正式', categoryEn: 'Regular', maxTotal: 15 });
    const both = (await h.fees.list(cid, 'optional')).filter((f) => f.id === id || f.id === other);
    expect(both.map((f) => [f.categoryEn, f.maxTotal])).toEqual([
      ['Regular', 15],
      ['Regular', 15],
    ]);
  });
});

describe("the category's maximum, shared by its fees", () => {
  test('200 holds at once over two fees of a category of 20 places: exactly 20, the rest sold out', async () => {
    const a = await newFee({
      categoryZh: '晚宴',
      categoryEn: 'Dinner',
      titleEn: 'Dinner A',
      maxTotal: 20,
      maxPerAccount: 1,
    });
    const b = await newFee({
      categoryZh: '晚宴',
      categoryEn: 'Dinner',
      titleEn: 'Dinner B',
      maxTotal: 20,
      maxPerAccount: 1,
    });
    const counts = await tally(Array.from({ length: 200 }, (_, i) => hold(100_000 + i, 200_000 + i, i % 2 ? a : b)));
    expect(counts).toEqual({ ok: 20, 'fees:soldOut': 180 });
    const list = (await h.fees.list(cid, 'optional')).filter((f) => f.id === a || f.id === b);
    expect(list.map((f) => f.categoryUsed)).toEqual([20, 20]);
    expect(list[0].used + list[1].used).toBe(20);
    const offers = await h.fees.applicable(cid, { userId: 1, country: '', lang: 'zh', today: TODAY() }, 'optional');
    expect(offers.filter((o) => o.id === a || o.id === b).map((o) => o.remaining)).toEqual([0, 0]);
  }, 120_000);

  test("raising the category's maximum on one fee opens places for all its fees; it cannot go below what is held", async () => {
    const a = await newFee({ categoryZh: '会后游', categoryEn: 'Tour', maxTotal: 2, maxPerAccount: 2 });
    const b = await newFee({ categoryZh: '会后游', categoryEn: 'Tour', maxTotal: 2, maxPerAccount: 2 });
    await hold(300_001, 31, a, 2);
    await expect(hold(300_002, 32, b)).rejects.toMatchObject({ messageKey: 'fees:soldOut' });
    await expect(
      h.fees.update(
        cid,
        b,
        feeInput.parse(
          feeBody({ kind: 'optional', categoryZh: '会后游', categoryEn: 'Tour', maxTotal: 1, maxPerAccount: 1 }),
        ),
      ),
    ).rejects.toMatchObject({ messageKey: 'fees:maxBelowUsed' });
    await h.fees.update(
      cid,
      b,
      feeInput.parse(
        feeBody({ kind: 'optional', categoryZh: '会后游', categoryEn: 'Tour', maxTotal: 3, maxPerAccount: 2 }),
      ),
    );
    await hold(300_002, 32, b);
    await expect(hold(300_003, 33, a)).rejects.toMatchObject({ messageKey: 'fees:soldOut' });
  });
});

describe("the capacity helper's typed error", () => {
  test('a lock of a missing row is a CapacityRowMissing naming the table; a hold of a deleted fee answers fees:notFound', async () => {
    const err = await inTransaction(h.db, (tx) =>
      reserveCapacity(tx, {
        lock: [{ table: 'fee_items', where: { conference_id: cid, id: 987_654 } }],
        count: async () => 0,
        limit: null,
        refuse: () => new Error('no'),
      }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CapacityRowMissing);
    expect((err as CapacityRowMissing).table).toBe('fee_items');
    const id = await newFee({ categoryZh: '删除', categoryEn: 'Deleted' });
    await h.fees.remove(cid, id);
    await expect(hold(400_001, 41, id)).rejects.toMatchObject({ status: 400, messageKey: 'fees:notFound' });
  });
});
