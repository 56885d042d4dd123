import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';
import { islandNamespaces } from './renderer/islandNamespaces.ts';

/**
 * Contracts whose zod schemas the browser really runs (an island checks a form with the server's
 * own schema before sending it). Every other contract's schemas only describe the server's parsing:
 * in the browser they are never used, so those files get `zodFree` below instead of zod (~25 KB
 * gzipped on every page that calls an endpoint; docs/performance.md, issue 32).
 */
const VALIDATING_CONTRACTS = ['/server/contract/review.ts', '/server/contract/submissions.ts'];

/**
 * A stand-in for zod, in the browser only: any schema built with it is the same inert value, so a
 * contract's endpoint map (method and path, which is all `call()` reads) loads without zod. Checking
 * a value with it throws at once, naming the contract to add to VALIDATING_CONTRACTS.
 */
const ZOD_FREE = `
const CHECKS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'safeDecode', 'safeEncode']);
const schema = new Proxy(function () {}, {
  get(_target, key) {
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* () {};
    if (key === 'then') return undefined;
    if (CHECKS.has(key)) return () => { throw new Error('zod is not in the browser bundle for this contract: list it in VALIDATING_CONTRACTS (vite.config.ts)'); };
    return schema;
  },
  apply: () => schema,
  construct: () => schema,
});
export const z = schema;
export default schema;
`;

function zodFreeContracts(): Plugin {
  const id = '\0zod-free';
  return {
    name: 'zod-free-contracts',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null;
      const file = importer.replace(/\\/g, '/');
      if (!file.includes('/server/contract/') || VALIDATING_CONTRACTS.some((c) => file.endsWith(c))) return null;
      return id;
    },
    load: (loaded) => (loaded === id ? ZOD_FREE : null),
  };
}

export default defineConfig({
  plugins: [zodFreeContracts(), react(), vike()],
  // The catalog namespaces each island names: the browser loads those before hydrating it (renderer/hydrate.tsx).
  define: { __ISLAND_NAMESPACES__: JSON.stringify(islandNamespaces(import.meta.dirname)) },
  // `public/` is served by Express itself (banners, locales); Vite only builds the client.
  publicDir: false,
  build: { target: 'es2020', reportCompressedSize: false },
});
