/** Exit: revoke the session on the server, then leave for the home page. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/base/oauth/logout', { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } finally {
    window.location.assign('/');
  }
}
