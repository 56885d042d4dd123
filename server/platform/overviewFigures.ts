/**
 * Small helpers the features' overview panels share (platform/overview.ts): days counted in the
 * conference's time zone by the database, the gaps between them filled, counts read as numbers.
 * The figures themselves are SQL aggregates in each feature's repo.ts; what is here only shapes
 * their (few) result rows: one per day, status or name, never one per person.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index';
import type { ChartKind, OverviewChart } from '../contract/overview';
import { toDbInstant } from '../db/dialect';
import { isRealDay } from '../contract/listAddress';

const DAY_MS = 86_400_000;

/**
 * SQL for the local day (YYYY-MM-DD) of an instant column, shifted by the zone's offset now (a
 * zone's summer time shifts the hour near midnight by one; counts per day accept that).
 */
export function localDaySql(db: Db | Knex.Transaction, column: string, offsetMinutes: number): Knex.Raw {
  const minutes = Math.trunc(offsetMinutes);
  if (db.client.config.client === 'mysql2')
    return db.raw(`DATE_FORMAT(DATE_ADD(??, INTERVAL ${minutes} MINUTE), '%Y-%m-%d')`, [column]);
  return db.raw(`substr(datetime(??, '${minutes >= 0 ? '+' : ''}${minutes} minutes'), 1, 10)`, [column]);
}

/**
 * Limits an instant column to the local days `from`..`to` (either may be absent), the zone
 * `offsetMinutes` ahead of UTC: exactly the rows `localDaySql` with the same offset counts as
 * those days, so a list filtered by day totals what the overview's chart shows for it (issue 33).
 */
export function whereLocalDays(
  q: Knex.QueryBuilder,
  column: string,
  days: { from?: string; to?: string },
  offsetMinutes: number,
): Knex.QueryBuilder {
  const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - Math.trunc(offsetMinutes) * 60_000);
  // a day that is no day (2026-13-45) limits nothing: the schemas refuse it first (isRealDay)
  if (days.from && isRealDay(days.from)) q.where(column, '>=', toDbInstant(startOf(days.from)));
  if (days.to && isRealDay(days.to)) q.where(column, '<', toDbInstant(new Date(startOf(days.to).getTime() + DAY_MS)));
  return q;
}

/** The local day (YYYY-MM-DD) of an instant, the zone `offsetMinutes` ahead of UTC. */
export const localDayOf = (at: Date, offsetMinutes: number): string =>
  new Date(at.getTime() + Math.trunc(offsetMinutes) * 60_000).toISOString().slice(0, 10);

/** A count or sum as the drivers answer it (MariaDB: a string for BIGINT and DECIMAL). */
export const num = (value: unknown): number => Number(value ?? 0) || 0;

const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Every day from the first to the last (of the rows and the given bounds), the missing ones at
 * zero, at most `maxDays` (the latest kept): a chart per day without holes.
 */
export function everyDay(
  rows: Array<{ day: string; n: number }>,
  bounds: string[] = [],
  maxDays = 366,
): { days: string[]; values: number[] } {
  const byDay = new Map(rows.filter((r) => r.day).map((r) => [r.day, r.n]));
  const known = [...byDay.keys(), ...bounds.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))].sort();
  if (!known.length) return { days: [], values: [] };
  const days: string[] = [];
  for (let d = known[0]; d <= known[known.length - 1]; d = dayAfter(d)) days.push(d);
  const kept = days.slice(-maxDays);
  return { days: kept, values: kept.map((d) => byDay.get(d) ?? 0) };
}

/** Running totals, starting from what came before the days shown. */
export function cumulative(values: number[], before = 0): number[] {
  let total = before;
  return values.map((v) => (total += v));
}

/** A number as the reader writes it: 1,234 / 1,234. */
export function formatCount(value: number, lang: 'zh' | 'en'): string {
  return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}

/** One count per key (a status, a country), as an aggregate answers it. */
export type Counted = { key: string; n: number };

/** A chart of one series over counted keys, their labels given by `label` (a status's name). */
export function countedChart(
  id: string,
  title: string,
  rows: Counted[],
  options: {
    kind?: ChartKind;
    series: string;
    label?: (key: string) => string;
    href?: string;
    links?: (key: string) => string | null;
  },
): OverviewChart {
  return {
    id,
    title,
    kind: options.kind ?? 'bar',
    categories: rows.map((r) => (options.label ? options.label(r.key) : r.key)),
    series: [{ name: options.series, values: rows.map((r) => r.n) }],
    ...(options.href ? { href: options.href } : {}),
    ...(options.links ? { links: rows.map((r) => options.links!(r.key)) } : {}),
    ...(rows.length ? {} : { empty: true }),
  };
}
