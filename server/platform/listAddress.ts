/**
 * A list screen's filter read from its address (issue 33): each field of the list's contract
 * query parsed on its own and dropped when invalid, so a bad or outdated address shows the list
 * less that filter (the unfiltered list at worst), never an error page. Paging is the island's.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { utcOffsetMinutes } from './localTime';
import { timeZoneOf } from './context';

type Shape = Record<string, z.ZodType>;
type Objectish = z.ZodType & { shape?: Shape; unwrap?: () => z.ZodType };

/** The object schema inside an `orEmpty(…)` (prefault) or `.default(…)` wrapper. */
function objectOf(schema: Objectish): z.ZodObject<Shape> | null {
  if (schema instanceof z.ZodObject) return schema as z.ZodObject<Shape>;
  const inner = (schema as { _zod?: { def?: { innerType?: Objectish } } })._zod?.def?.innerType;
  return inner ? objectOf(inner) : null;
}

/**
 * The filter of `query` (Express's req.query) by `schema`, a list's contract query: the valid
 * fields, as the schema outputs them; `omit` (page and size by default) never read from the address.
 */
export function filterFromAddress<S extends z.ZodType>(
  schema: S,
  query: Request['query'],
  omit: readonly string[] = ['page', 'size'],
): Partial<z.output<S>> {
  const object = objectOf(schema as Objectish);
  if (!object) return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(object.shape)) {
    if (omit.includes(key)) continue;
    const raw = query[key];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const parsed = field.safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') out[key] = parsed.data;
  }
  // Rules across fields (a range's ends) are the whole schema's: when they refuse, the address's filter is dropped.
  const whole = object.safeParse(out);
  return whole.success ? (out as Partial<z.output<S>>) : {};
}

/** One of `values` from the address (a tab), else `fallback`. */
export function choiceFromAddress<T extends string>(
  query: Request['query'],
  key: string,
  values: readonly T[],
  fallback: T,
): T {
  const raw = query[key];
  return typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** The conference's zone ahead of UTC now, in minutes: a list's days are the conference's (as the overview counts them). */
export function zoneOffsetOf(req: Request, now = new Date()): number {
  return utcOffsetMinutes(timeZoneOf(req), now);
}
