/**
 * The compiled server for production (`npm start`, the Dockerfile, the browser tests):
 * server/main.ts and the work pool's task registry (server/workerTasks.ts) bundled with esbuild into dist/app/, the packages left as
 * imports of node_modules. Starting it transpiles nothing, so the process answers within a few
 * seconds instead of the half minute tsx needs to load the sources.
 * Run by `npm run build` after Vite's client and Vike's server entry.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBuildStamp } from './buildStamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/app');

/** Whether Node's ESM loader finds this specifier as written (a file, not a bare folder). */
function canImport(spec) {
  try {
    const url = import.meta.resolve(spec);
    return !url.startsWith('file:') || fs.statSync(fileURLToPath(url)).isFile();
  } catch {
    return false;
  }
}

/**
 * Packages stay imports of node_modules. A deep import written without its extension
 * (`antd/locale/zh_CN`) resolves under tsx and Vite but not under Node's own ESM loader: such an
 * import is written with the extension Node needs.
 */
const nodeResolvable = {
  name: 'node-resolvable-packages',
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./][^/]*\/.+/ }, ({ path: spec }) => {
      if (canImport(spec)) return { path: spec, external: true };
      for (const ext of ['.js', '/index.js']) if (canImport(spec + ext)) return { path: spec + ext, external: true };
      return { path: spec, external: true };
    });
  },
};

/**
 * `@ant-design/icons` as one import loads all of its 800-odd icons: 1.4–2.3 s of a 2.5 s start on
 * this machine. The server takes each icon the sources name from its own file instead (the CommonJS
 * build, as antd itself loads them on Node, so both share one icon context). An icon named nowhere in the
 * sources fails this build rather than the page.
 */
const iconNames = () => {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|mjs)$/.test(entry.name))
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g))
          for (const part of m[1].split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0];
            if (/^[A-Z]\w+$/.test(name)) names.add(name);
          }
    }
  };
  for (const dir of ['islands', 'renderer', 'pages', 'server']) walk(path.join(root, dir));
  return [...names].sort();
};
const iconsOneByOne = {
  name: 'icons-one-by-one',
  setup(b) {
    b.onResolve({ filter: /^@ant-design\/icons$/ }, () => ({ path: 'icons', namespace: 'icons-one-by-one' }));
    b.onLoad({ filter: /.*/, namespace: 'icons-one-by-one' }, () => {
      // Through require: the package maps an ES import of a single icon to files Node cannot load as ES modules.
      const lines = iconNames().map((n) => `export const ${n} = one(load('@ant-design/icons/${n}'));`);
      const head =
        "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nconst one = (m) => m.default ?? m;";
      return { contents: `${head}\n${lines.join('\n')}\n`, resolveDir: root };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', workerTasks: 'server/workerTasks.ts' },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  plugins: [iconsOneByOne, nodeResolvable],
  logLevel: 'warning',
});

// Last: the stamp that tells `npm test` this build is of the sources in the tree.
writeBuildStamp(root);
