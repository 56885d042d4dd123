/**
 * What one call of the local-time helpers costs (server/platform/localTime.ts, issue 35), beside
 * the ways the features used to do it: a formatter kept per zone and its format(), and a new
 * formatter for every call (orders' todayIn, receipts' dayIn, orders' zoneOffsetMs did that).
 * Prints ns per call. Run: npx tsx test/bench/localTime.ts
 */
import { localTime, todayIn, zoneOffsetMs } from '../../server/platform/localTime';

const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York'];
const N = 100_000;

function perCall(name: string, run: (at: Date, zone: string) => unknown): void {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 2_000; i++) run(new Date(start + i * 60_000), ZONES[i % 3]); // warm
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) run(new Date(start + i * 60_000), ZONES[i % 3]);
  const ns = Number(process.hrtime.bigint() - t0) / N;
  console.log(`${name.padEnd(52)} ${ns.toFixed(0).padStart(7)} ns/call`);
}

const kept = new Map(
  ZONES.map((z) => [
    z,
    new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ]),
);
perCall('todayIn (platform: kept formatter)', (at, z) => todayIn(z, at));
perCall('before: kept en-CA formatter, format()', (at, z) => kept.get(z)!.format(at));
perCall('before: a new en-CA formatter each call', (at, z) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at),
);
const keptParts = new Map(
  ZONES.map((z) => [
    z,
    new Intl.DateTimeFormat('en-US', {
      timeZone: z,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ]),
);
perCall('before: kept formatter, formatToParts()', (at, z) => keptParts.get(z)!.formatToParts(at));
perCall('localTime with seconds (platform)', (at, z) => localTime(at, z, true));
perCall('zoneOffsetMs (platform)', (at, z) => zoneOffsetMs(z, at));
perCall('before: zoneOffsetMs with a new formatter each call', (at, z) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: z,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at),
);
