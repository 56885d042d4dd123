/**
 * The list's filter kept in the address (issue 33), so that a filtered list can be copied,
 * shared and reloaded: each search or reset writes it (a new history entry), and back or forward
 * to another filter of the same screen loads that address again (the server renders it filtered).
 */
import { listAddress, type AddressFilter } from '../../server/contract/listAddress';

let listening = false;

export function showInAddress(filter: AddressFilter, replace = false): void {
  if (typeof window === 'undefined') return;
  const next = listAddress(location.pathname, filter);
  if (next === location.pathname + location.search) return;
  if (replace) history.replaceState(history.state, '', next + location.hash);
  else history.pushState(history.state, '', next + location.hash);
  if (!listening) {
    listening = true;
    addEventListener('popstate', () => location.reload());
  }
}
