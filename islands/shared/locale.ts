/**
 * The chosen language lives in the `locale` cookie (so the server renders it) and is mirrored in
 * localStorage `locale` (spec section 1). Switching on a /page URL goes home, since pages exist
 * once per language; anywhere else the page reloads (spec 2.4).
 */
export type Lang = 'zh' | 'en';

export function rememberLocale(lang: Lang): void {
  document.cookie = `locale=${lang}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem('locale', lang);
  } catch {
    // Private mode may refuse storage; the cookie is what the server reads.
  }
}

export function switchLocale(lang: Lang): void {
  rememberLocale(lang);
  if (window.location.pathname.startsWith('/page/')) window.location.assign('/');
  else window.location.reload();
}
