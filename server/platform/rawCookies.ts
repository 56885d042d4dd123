/**
 * Cookies read straight from a raw Cookie header, for code that runs before Express's cookie
 * parser (the page cache's fast path and what it calls). Values are taken as sent: the cookies
 * read this way (token, locale, hand-over states) are never percent-encoded.
 */

/** Each cookie's name and value, in the header's order. */
export function* rawCookies(header: string | undefined): Generator<[string, string]> {
  if (!header) return;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) yield [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
  }
}

/** The first cookie of this name, or undefined. */
export function rawCookie(header: string | undefined, name: string): string | undefined {
  for (const [key, value] of rawCookies(header)) if (key === name) return value;
  return undefined;
}
