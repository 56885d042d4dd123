import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';
import { islandNamespaces } from './renderer/islandNamespaces.ts';
import { writeIslandRegistry } from './renderer/islandRegistry.ts';

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

/**
 * Parts of antd that a component imports whether it uses them or not, and no island uses: the
 * table's column filters (a dropdown menu, a tree, a search field: FilterDropdown) and its virtual
 * table (no `filters`, `filterDropdown` or `virtual` in islands/), and the card's tabs (no
 * `tabList`). The browser gets a stand-in for each (issue 32): ~15 KB gzipped less on every page
 * with a table, ~11 KB on a page with a card and no tabs. The server renders with antd's own. A
 * screen that takes one up fails at its first render in the browser with an error naming this.
 */
const UNUSED = (what: string) =>
  `throw new Error("${what} is not in the browser bundle (vite.config.ts, antdUnusedParts): remove its stand-in there")`;
const ANTD_UNUSED: Array<{ importer: string; source: string; code: string }> = [
  {
    importer: 'antd/es/table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    code: `
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = [...keys, ...flattenKeys(children)]; });
  return keys;
}
export default function FilterDropdown() { ${UNUSED("antd's table column filters")} }
`,
  },
  {
    importer: 'antd/es/table/InternalTable.js',
    source: './RcTable/VirtualTable',
    code: `export default function RcVirtualTable() { ${UNUSED("antd's virtual table")} }`,
  },
  {
    importer: 'antd/es/card/Card.js',
    source: '../tabs',
    code: `export default function Tabs() { ${UNUSED("antd's card with tabs (tabList)")} }`,
  },
];

function antdUnusedParts(): Plugin {
  const prefix = '\0antd-unused:';
  return {
    name: 'antd-unused-parts',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (!importer) return null;
      const file = importer.replace(/\\/g, '/');
      const index = ANTD_UNUSED.findIndex(
        (part) => part.source === source && file.endsWith(`/node_modules/${part.importer}`),
      );
      return index < 0 ? null : `${prefix}${index}`;
    },
    load: (id) => (id.startsWith(prefix) ? ANTD_UNUSED[Number(id.slice(prefix.length))].code : null),
  };
}

/**
 * `antd/locale/<name>` is CommonJS (a `require` of antd/lib's copy): in the browser it brought
 * antd/lib's locale files beside antd/es. The client takes antd/es's own ES module instead.
 * (Rewritten by the `weight-manage` helper after its edit of this file dropped the original by
 * mistake: same intent, check against your own copy.)
 */
function antdEsLocales(): Plugin {
  return {
    name: 'antd-es-locales',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      const m = /^antd\/locale\/([A-Za-z_]+)$/.exec(source);
      if (!m) return null;
      return this.resolve(`antd/es/locale/${m[1]}.js`, importer, { skipSelf: true });
    },
  };
}

/**
 * The server's island registry, written from the folders of islands/ (renderer/islandRegistry.ts)
 * before a build, and again when the dev server sees a screen's index.tsx or props.ts come or go
 * (tsx then restarts the server on the changed registry).
 */
function islandRegistry(): Plugin {
  const root = import.meta.dirname;
  const screenFile = /[\\/]islands[\\/][^\\/]+[\\/](index\.tsx|props\.ts)$/;
  return {
    name: 'island-registry',
    buildStart: () => void writeIslandRegistry(root),
    configureServer(server) {
      server.watcher.on('all', (event, file) => {
        if ((event === 'add' || event === 'unlink') && screenFile.test(file)) writeIslandRegistry(root);
      });
    },
  };
}

export default defineConfig({
  plugins: [islandRegistry(), zodFreeContracts(), antdUnusedParts(), antdEsLocales(), react(), vike()],
  // The catalog namespaces each island names: the browser loads those before hydrating it (renderer/hydrate.tsx).
  define: { __ISLAND_NAMESPACES__: JSON.stringify(islandNamespaces(import.meta.dirname)) },
  // `public/` is served by Express itself (banners, locales); Vite only builds the client.
  publicDir: false,
  build: {
    // @rc-component/* and @ant-design/* declare no `sideEffects`, so a barrel's whole package came
    // along with one name of it (antd's form context brought all of @rc-component/form and its
    // validator to every antd page); their modules only define components (issue 32).
    target: 'es2020',
    reportCompressedSize: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/](@rc-component|@ant-design)[\\/].*\.js$/, sideEffects: false }],
      },
    },
  },
});
