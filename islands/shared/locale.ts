/**
 * The chosen language lives in the `locale` cookie (so the server renders it) and is mirrored in
 * localStorage `locale` (spec section 1). Switching on a /page URL goes to the page's counterpart
 * in the other language, or home when it has none (spec 2.4: pages exist once per language);
 * anywhere else the page reloads.
 */
import { apiUrl } from '../../server/contract/endpoint';
import { localeEndpoint } from '../../server/contract/locale';

export type Lang = 'zh' | 'en';

export function rememberLocale(lang: Lang): void {
  document.cookie = `locale=${lang}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem('locale', lang);
  } catch {
    // Private mode may refuse storage; the cookie is what the server reads.
  }
}

/**
 * Remembers the language and shows it: on the page's counterpart in that language when it has one,
 * else on the home page from a site page (spec: a page is written in one language), else here.
 */
export function switchLocale(lang: Lang, target?: string, signedIn = false): void {
  rememberLocale(lang);
  // A signed-in person's choice follows them to the platform's other hosts (the answer does not
  // matter, and keepalive lets it finish while the page goes on). The zod-free endpoint keeps this
  // small island from bundling the accounts contract.
  if (signedIn)
    void fetch(apiUrl(localeEndpoint), {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ lang }),
    }).catch(() => undefined);
  if (target) window.location.assign(target);
  else if (window.location.pathname.startsWith('/page/')) window.location.assign('/');
  else window.location.reload();
}
