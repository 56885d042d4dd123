/**
 * Exit: revoke the session on the server, then leave for the home page. The user menu of every
 * public page calls it, so it takes its endpoint from the zod-free contract/logout.ts.
 */
import { logoutEndpoint } from '../../server/contract/logout';
import { call } from './api';

export async function logout(): Promise<void> {
  let next = '/';
  try {
    const { logoutUrl } = await call(logoutEndpoint);
    // With a passport provider, its logout address ends the single sign-on session too (spec 2.3).
    if (logoutUrl) next = logoutUrl;
  } finally {
    window.location.assign(next);
  }
}
