/** Exit: revoke the session on the server, then leave for the home page. */
export async function logout(): Promise<void> {
  let next = '/';
  try {
    const res = await fetch('/api/base/oauth/logout', { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { data?: { logoutUrl?: string | null } };
    // With a passport provider, its logout address ends the single sign-on session too (spec 2.3).
    if (body.data?.logoutUrl) next = body.data.logoutUrl;
  } finally {
    window.location.assign(next);
  }
}
