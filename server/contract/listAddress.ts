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
