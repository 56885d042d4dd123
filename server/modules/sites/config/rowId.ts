/**
 * A row id in the path of the website-config and appearance routes and screens: anything else is
 * simply not found (a 404, not a validation error). The input schemas are in
 * server/contract/siteConfig.ts.
 */
import { notFound } from '../../../platform/errors';

export function idOf(params: Record<string, unknown>): number {
  const raw = String(params.id ?? '');
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound();
  return Number(raw);
}
