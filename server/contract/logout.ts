/**
 * The sign-out endpoint on its own, without zod: the user menu of every public page calls it,
 * and a public page's script stays small (the accounts contract, with its schemas, would bring
 * zod along). Part of accountsApi (contract/accounts.ts).
 */
import { endpoint } from './endpoint';

/** DELETE /base/oauth/logout answers {flag, message} (spec 2.3) and the passport's logout address, if any. */
export type LoggedOut = { flag: boolean; message: string; logoutUrl: string | null };

export const logoutEndpoint = endpoint<LoggedOut>()({ method: 'DELETE', path: '/base/oauth/logout' });
