/**
 * The JavaScript a built page loads: its script tags and modulepreloads, plus the chunks of the
 * islands on it (from the Vike client manifest), and its inline scripts, sized gzipped.
 *
 * "At load" is what the browser fetches before the page's islands are hydrated: the entries, the
 * hydration runtime, the page language's catalogs and every island's static imports. "On demand" is
 * what an island imports with `import()` (an editor when a person opens it, a progress dialog when
 * work starts): fetched later, if ever, so it does not delay the page's first use (issue 32).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { catalogNamespaces, islandNamespaces } from '../../renderer/islandNamespaces';

type ManifestEntry = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestEntry>;

export const gzipSize = (b: Buffer | string): number => zlib.gzipSync(b, { level: 9 }).length;

/** Vike moves the client manifest out of dist/client/.vite to dist/assets.json after the build. */
function readManifest(root: string): Manifest {
  for (const candidate of ['dist/client/.vite/manifest.json', 'dist/assets.json']) {
    const file = path.join(root, candidate);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  }
  throw new Error('No client manifest: run `npm run build` first');
}

const HYDRATE = 'renderer/hydrate.tsx';

/** The files of some manifest entries: their static imports at load, their `import()`s on demand (and what those import). */
function closure(manifest: Manifest, keys: string[]): { load: Set<string>; onDemand: Set<string> } {
  const load = new Set<string>();
  const seen = new Set<string>();
  const lazy: string[] = [];
  const follow = (key: string): void => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    load.add(entry.file);
    for (const dep of entry.imports ?? []) follow(dep);
    // hydrate.tsx's own import()s are every island and both catalogs: the page's are counted above.
    if (key !== HYDRATE) lazy.push(...(entry.dynamicImports ?? []));
  };
  for (const key of keys) follow(key);
  const onDemand = new Set<string>();
  const later = new Set<string>();
  const followLater = (key: string): void => {
    const entry = manifest[key];
    if (!entry || seen.has(key) || later.has(key)) return;
    later.add(key);
    if (!load.has(entry.file)) onDemand.add(entry.file);
    for (const dep of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) followLater(dep);
  };
  for (const key of lazy) followLater(key);
  return { load, onDemand };
}

/** The catalog namespaces (public/locales/<lang>/<ns>.json, one chunk each) that hydrate.tsx loads before hydrating these islands. */
function namespaceKeys(root: string, lang: 'zh' | 'en', islands: string[], propsJson = ''): string[] {
  const named = namedBy(root);
  const all = catalogNamespaces(root);
  const inProps = all.filter((ns) => propsJson.includes(`${ns}:`));
  return [...new Set([...islands.flatMap((island) => named[island] ?? all), ...inProps])].map(
    (ns) => `public/locales/${lang}/${ns}.json`,
  );
}

const scanned = new Map<string, Record<string, string[]>>();
function namedBy(root: string): Record<string, string[]> {
  let named = scanned.get(root);
  if (!named) scanned.set(root, (named = islandNamespaces(root)));
  return named;
}

/** What hydrate.tsx loads once the page is usable (when the browser is idle): the language's whole catalog, one chunk. */
const idleCatalogKeys = (lang: 'zh' | 'en'): string[] => [`islands/shared/catalogs/${lang}.ts`];

/** The manifest keys an island page loads before it is usable: hydration, the islands and the namespaces they name. */
const hydrationKeys = (root: string, lang: 'zh' | 'en', islands: string[], propsJson = ''): string[] => [
  HYDRATE,
  ...namespaceKeys(root, lang, islands, propsJson),
];

export function pageScripts(
  root: string,
  html: string,
): { files: string[]; onDemand: string[]; idle: string[]; inlineGz: number } {
  const $ = cheerio.load(html);
  const files = new Set<string>();
  $('script[src^="/assets/"]').each((_i, el) => void files.add($(el).attr('src')!.slice(1)));
  $('link[rel="modulepreload"][href^="/assets/"]').each((_i, el) => void files.add($(el).attr('href')!.slice(1)));
  const manifest = readManifest(root);
  const islands = new Set(
    $('[data-island]')
      .map((_i, el) => $(el).attr('data-island') ?? '')
      .get(),
  );
  const lang = ($('html').attr('lang') ?? '').startsWith('en') ? 'en' : 'zh';
  const propsJson = $('[data-island]')
    .map((_i, el) => $(el).attr('data-props') ?? '')
    .get()
    .join('\n');
  const keys =
    islands.size > 0
      ? [
          ...hydrationKeys(root, lang, [...islands], propsJson),
          ...[...islands].map((name) => `islands/${name}/index.tsx`),
        ]
      : [];
  const { load, onDemand } = closure(manifest, keys);
  for (const file of load) files.add(file);
  const idle = islands.size > 0 ? closure(manifest, idleCatalogKeys(lang)).load : new Set<string>();
  const inline = $('script:not([src])')
    .map((_i, el) => $(el).html() ?? '')
    .get()
    .join('\n');
  return {
    files: [...files],
    onDemand: [...onDemand].filter((file) => !files.has(file)),
    idle: [...idle].filter((file) => !files.has(file)),
    inlineGz: inline ? gzipSize(inline) : 0,
  };
}

/**
 * Issue 32: the pages where attendees, authors and reviewers act load at most 250 KB of JavaScript
 * (gzip -9) before they are usable; management and platform-administration pages at most 400 KB.
 */
export const BUDGET_KB = { attendee: 250, manage: 400 } as const;
export type PageKind = keyof typeof BUDGET_KB;

/**
 * Islands of the organisers' and the platform administrators' screens, and the check-in desk (the
 * management area's page for the staff a manager grants it); every other island is on a page where
 * attendees, authors or reviewers act.
 */
const MANAGEMENT =
  /^(Manage|Admin|RegisterConfig)|^(DocumentDesigner|CreateConference|MyConferences|PublicationActions|ReviewerInfo|CheckinDesk)$/;
export const pageKindOf = (island: string): PageKind => (MANAGEMENT.test(island) ? 'manage' : 'attendee');

/** Every page's own code besides its islands: Vike's client entry and the page's entry (the largest, ~0.3 KB each). */
function entryFiles(manifest: Manifest): string[] {
  const runtime = Object.entries(manifest).find(
    ([key, e]) => e.isEntry && key.endsWith('runtime-server-routing/entry.js'),
  );
  const pages = Object.entries(manifest).filter(
    ([key, e]) => e.isEntry && key.startsWith('virtual:vike:page-entry:client:'),
  );
  if (!runtime || pages.length === 0)
    throw new Error('No Vike client entry in the manifest: run `npm run build` first');
  return [runtime[1].file, ...pages.map(([, e]) => e.file)];
}

/** loadKb: before the page is usable; idleKb: the language's whole catalog, once it is; onDemandKb: the islands' `import()`s. */
export type IslandPageWeight = {
  island: string;
  kind: PageKind;
  budgetKb: number;
  lang: 'zh' | 'en';
  loadKb: number;
  idleKb: number;
  onDemandKb: number;
  files: Array<{ file: string; kb: number }>;
};

/**
 * For every island: the JavaScript of a page that shows it, in the language that weighs more: the
 * entries, the header's islands (user menu, language switch), hydration, the catalogs and the island.
 * A page with two screen islands is rare (the profile pages show one); this is per screen.
 */
export function islandPageWeights(root: string): IslandPageWeight[] {
  const manifest = readManifest(root);
  const sizes = new Map<string, number>();
  const kb = (file: string): number => {
    let size = sizes.get(file);
    if (size === undefined)
      sizes.set(file, (size = gzipSize(fs.readFileSync(path.join(root, 'dist/client', file))) / 1024));
    return size;
  };
  const entries = entryFiles(manifest);
  const heaviestEntry = entries.slice(1).sort((a, b) => kb(b) - kb(a))[0];
  const names = Object.keys(manifest)
    .map((key) => /^islands\/([^/]+)\/index\.tsx$/.exec(key)?.[1])
    .filter((name): name is string => Boolean(name))
    .sort();
  return names.map((island) => {
    const measured = (['zh', 'en'] as const).map((lang) => {
      const onPage = ['UserMenu', 'LangSwitch', island];
      const { load, onDemand } = closure(manifest, [
        ...hydrationKeys(root, lang, onPage),
        ...onPage.map((name) => `islands/${name}/index.tsx`),
      ]);
      const files = [...new Set([entries[0], heaviestEntry, ...load])]
        .map((file) => ({ file, kb: kb(file) }))
        .sort((a, b) => b.kb - a.kb);
      const lazyKb = [...onDemand].filter((file) => !load.has(file)).reduce((n, file) => n + kb(file), 0);
      const idleKb = [...closure(manifest, idleCatalogKeys(lang)).load]
        .filter((file) => !load.has(file))
        .reduce((n, file) => n + kb(file), 0);
      return { lang, files, loadKb: files.reduce((n, f) => n + f.kb, 0), idleKb, onDemandKb: lazyKb };
    });
    const worst = measured.sort((a, b) => b.loadKb - a.loadKb)[0];
    const kind = pageKindOf(island);
    return { island, kind, budgetKb: BUDGET_KB[kind], ...worst };
  });
}
