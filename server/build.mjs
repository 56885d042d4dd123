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
  plugins: [nodeResolvable],
  logLevel: 'warning',
});

// Last: the stamp that tells `npm test` this build is of the sources in the tree.
writeBuildStamp(root);
