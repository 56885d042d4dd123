/**
 * Exit: revoke the session on the server, then leave for the home page. The user menu of every
 * layout calls it, so it takes its endpoint from the zod-free contract/logout.ts.
 */
import { logoutEndpoint } from '../../server/contract/logout';
import { call } from './api';

/**
 * Leaves for the passport's logout address or the home page once the server has ended the session.
 * A failed logout (an error answer, no network, flag false) throws and the browser stays, so the
 * caller can show the error toast (spec 2.3): the person is still signed in and must know it.
 */
export async function logout(): Promise<void> {
  const { flag, message, logoutUrl } = await call(logoutEndpoint);
  if (!flag) throw new Error(message);
  // With a passport provider, its logout address ends the single sign-on session too (spec 2.3).
  window.location.assign(logoutUrl ?? '/');
}
