/**
 * A list's address with its filter (issue 33: the overview's links open the list filtered, and a
 * manager can copy, reload or share a filtered list). Shared by the server (the overview's links)
 * and the islands (the address kept in step with the form). No Node imports: islands bundle it.
 */
export type AddressFilter = Record<string, string | number | boolean | null | undefined>;

/** `path?key=value…`, empty values (and false) left out, keys in the order given. */
export function listAddress(path: string, filter: AddressFilter = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A calendar day written YYYY-MM-DD that exists (not 2026-13-45): what a list's day filter takes. */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
}
