/**
 * The language-choice endpoint on its own, without zod: the language switch of every page calls it,
 * and a page's script stays small (the accounts contract, with its schemas, would bring zod along).
 * Part of accountsApi (contract/accounts.ts), which adds the body's schema.
 */
import { endpoint } from './endpoint';

/** PUT /base/user/locale {lang}: the language a signed-in person chose, remembered on the account. */
export const localeEndpoint = endpoint<true>()({ method: 'PUT', path: '/base/user/locale' });
