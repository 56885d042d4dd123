/**
 * Environment: the build (Node). Which catalog namespaces each island can show: every `ns:` key
 * written in the island's own source and in what it imports from this repository (shared code,
 * contracts with their message keys), plus `common` (the default namespace, keys without `ns:`).
 * The browser then loads only those namespaces before hydrating an island (renderer/hydrate.tsx),
 * instead of every namespace of its language (issue 32: ~35 KB gzipped on every island page).
 *
 * Keys that come with data are covered by hydrate.tsx: those in an island's props before it
 * hydrates, and a server's later answers by the language's whole catalog, loaded once the page is
 * usable.
 */
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(tsx?|mts)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveSource(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The namespaces of the catalogs (public/locales/zh/<ns>.json). */
export function catalogNamespaces(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'public/locales/zh'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** island name → the namespaces its code names (always with `common`), for every islands/<Name>/index.tsx. */
export function islandNamespaces(root: string): Record<string, string[]> {
  const all = catalogNamespaces(root);
  const keyOf = new RegExp(`['"\`(](${all.join('|')}):[A-Za-z$'"\`]`, 'g');
  const ownNamespaces = new Map<string, Set<string>>();
  const importsOf = new Map<string, string[]>();
  const read = (file: string): void => {
    if (ownNamespaces.has(file)) return;
    const source = fs.readFileSync(file, 'utf8');
    ownNamespaces.set(file, new Set([...source.matchAll(keyOf)].map((m) => m[1])));
    // The server renders the catalogs' own code; only the repository's sources are followed.
    const deps = [...source.matchAll(IMPORT)]
      .map((m) => resolveSource(file, m[1] ?? m[2]))
      .filter(
        (f): f is string =>
          f !== null &&
          !f.includes(`${path.sep}node_modules${path.sep}`) &&
          !f.includes(`${path.sep}catalogs${path.sep}`),
      );
    importsOf.set(file, deps);
    for (const dep of deps) read(dep);
  };
  const result: Record<string, string[]> = {};
  const islandsDir = path.join(root, 'islands');
  for (const name of fs.readdirSync(islandsDir).sort()) {
    const entry = path.join(islandsDir, name, 'index.tsx');
    if (!fs.existsSync(entry)) continue;
    read(entry);
    const found = new Set<string>(['common']);
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const ns of ownNamespaces.get(file) ?? []) found.add(ns);
      for (const dep of importsOf.get(file) ?? []) walk(dep);
    };
    walk(entry);
    result[name] = [...found].sort();
  }
  return result;
}
