import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';
import { islandNamespaces } from './renderer/islandNamespaces.ts';

/**
 * The browser runs a contract's zod schemas only where an island checks a form with the server's
 * own schema before sending it; it imports them from `server/contract/<name>Checks.ts`, which
 * re-exports them from `./<name>`. That import gets its own copy of the contract file, built with
 * the real zod. Every other import of a contract (its endpoint map, its constants) gets `ZOD_FREE`
 * below instead of zod: ~25 KB gzipped less on every page that calls an endpoint (issue 32).
 */
const CHECKS_FILE = /\/server\/contract\/[A-Za-z]+Checks\.ts$/;
const WITH_ZOD = '?with-zod';

/**
 * A stand-in for zod, in the browser only: any schema built with it is the same inert value, so a
 * contract's endpoint map (method and path, which is all `call()` reads) loads without zod. Checking
 * a value with it throws at once: the island should import that schema from a `<name>Checks.ts` file.
 */
const ZOD_FREE = `
const CHECKS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'safeDecode', 'safeEncode']);
const schema = new Proxy(function () {}, {
  get(_target, key) {
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* () {};
    if (key === 'then') return undefined;
    if (CHECKS.has(key)) return () => { throw new Error('zod is not in the browser bundle for this import: take the schema from server/contract/<name>Checks.ts (vite.config.ts)'); };
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
    async resolveId(source, importer) {
      if (!importer) return null;
      const file = importer.replace(/\\/g, '/');
      if (CHECKS_FILE.test(file) && source.startsWith('./')) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        return resolved ? `${resolved.id}${WITH_ZOD}` : null;
      }
      if (source !== 'zod' || !file.includes('/server/contract/') || file.endsWith(WITH_ZOD)) return null;
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
