/**
 * The managers' overview benchmark (issue 33). Prints figures, asserts nothing.
 *
 * Seeds one conference with 10,000 registrants, 20,000 orders (and their payments) and 2,000
 * manuscripts (with a review each), beside a second conference of the same size, then asks each
 * panel for its figures uncached (the board's cache dropped before every run) and prints the
 * median and worst of BENCH_RUNS runs (default 9). Target: ≤ 100 ms per panel.
 *
 * Run: `npm run bench:overview` (SQLite), or with TEST_DATABASE_URL=mysql://… for MariaDB.
 */
import type { OverviewBoard } from '../../server/platform/overview';

process.env.LOG_LEVEL ??= 'silent';
// A MariaDB/MySQL URL runs it there (test/helpers/db.ts picks the dialect by TEST_DIALECT).
if (process.env.TEST_DATABASE_URL) process.env.TEST_DIALECT ??= 'mysql';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SIZE = { people: 10_000, orders: 20_000, manuscripts: 2_000 };

async function main(): Promise<void> {
  const { createHarness } = await import('../helpers/harness');
  const { contractSite } = await import('../fixtures/contractSite');
  const { seedOverview } = await import('../helpers/overviewSeed');
  const h = await createHarness({ seedDemo: false });
  try {
    const cid = await h.provision(contractSite({ slug: 'bench-ov', domains: ['bench-ov.localhost'] }));
    const other = await h.provision(contractSite({ slug: 'bench-ov2', domains: ['bench-ov2.localhost'] }));
    let t = performance.now();
    await seedOverview(h.db, cid, SIZE, 'a');
    await seedOverview(h.db, other, SIZE, 'b');
    console.log(
      `dialect ${h.db.client.config.client}; seeded 2 conferences × ${JSON.stringify(SIZE)} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const board = (h as unknown as { overview: OverviewBoard }).overview;
    for (const panel of board.panels) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        board.drop(cid);
        t = performance.now();
        await board.panel(panel, { conferenceId: cid, lang: 'zh', timeZone: 'Asia/Shanghai' });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      t = performance.now();
      await board.panel(panel, { conferenceId: cid, lang: 'zh', timeZone: 'Asia/Shanghai' });
      const cached = performance.now() - t;
      console.log(
        `${panel.name.padEnd(14)} uncached median ${times[Math.floor(RUNS / 2)].toFixed(1).padStart(6)} ms  worst ${times[RUNS - 1].toFixed(1).padStart(6)} ms  cached ${cached.toFixed(2)} ms`,
      );
    }
  } finally {
    await h.stop();
  }
}

export {};

await main();
