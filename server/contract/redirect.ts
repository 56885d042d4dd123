/** `redirect` and SSO targets are accepted only as same-site paths (DESIGN.md 5). No Node imports. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // No control characters (a header or log could be split by them).
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return fallback;
  return value;
}
