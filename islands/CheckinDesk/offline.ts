/**
 * Registers the desk's service worker (server/modules/checkin/offline.ts), scoped to the desk page
 * alone, and gives it the list of what this page loaded (its scripts, styles, fonts; never the
 * API) to keep, so the desk reopens without a connection. Answers whether it is ready offline.
 */
import { DESK_PAGE, DESK_WORKER } from '../../server/contract/checkin';
import { API_PREFIX } from '../../server/contract/endpoint';

export function keepForOffline(onReady: () => void): () => void {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw || location.pathname !== DESK_PAGE) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (typeof (event.data as { deskKept?: number } | null)?.deskKept === 'number') onReady();
  };
  sw.addEventListener('message', onMessage);
  void (async () => {
    try {
      await sw.register(DESK_WORKER, { scope: DESK_PAGE });
      const ready = await sw.ready;
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => {
          const url = new URL(name);
          return url.origin === location.origin && !url.pathname.startsWith(`${API_PREFIX}/`);
        });
      ready.active?.postMessage({ keep: [location.pathname, ...new Set(loaded)] });
    } catch {
      // No service worker here (a private window, an old browser): the desk works online as before.
    }
  })();
  return () => sw.removeEventListener('message', onMessage);
}
