import type { Config } from 'vike/types';

// Server routing only: every navigation is a full page load, and pages hydrate islands alone.
export default {
  clientRouting: false,
  passToClient: [],
  // Page components render on the server only; the client hook hydrates the islands alone.
  // Vike would otherwise treat every page as HTML-only and never load that hook.
  clientHooks: true,
  meta: {
    Page: { env: { server: true, client: false } },
  },
} satisfies Config;
