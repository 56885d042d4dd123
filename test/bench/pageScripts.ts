/**
 * The JavaScript a built page loads: its script tags and modulepreloads, plus the on-demand chunks
 * of the islands on it (from the Vike client manifest), and its inline scripts, sized gzipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';

type ManifestEntry = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };

export const gzipSize = (b: Buffer | string): number => zlib.gzipSync(b, { level: 9 }).length;

/** Vike moves the client manifest out of dist/client/.vite to dist/assets.json after the build. */
function readManifest(root: string): Record<string, ManifestEntry> {
  for (const candidate of ['dist/client/.vite/manifest.json', 'dist/assets.json']) {
    const file = path.join(root, candidate);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  }
  throw new Error('No client manifest: run `npm run build` first');
}

export function pageScripts(root: string, html: string): { files: string[]; inlineGz: number } {
  const $ = cheerio.load(html);
  const files = new Set<string>();
  $('script[src^="/assets/"]').each((_i, el) => void files.add($(el).attr('src')!.slice(1)));
  $('link[rel="modulepreload"][href^="/assets/"]').each((_i, el) => void files.add($(el).attr('href')!.slice(1)));
  const manifest = readManifest(root);
  const seen = new Set<string>();
  // Static imports load with their importer; an island's dynamic imports are its own on-demand code.
  const follow = (key: string, withDynamic: boolean): void => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const dep of entry.imports ?? []) follow(dep, false);
    if (withDynamic) for (const dep of entry.dynamicImports ?? []) follow(dep, true);
  };
  const islands = new Set($('[data-island]').map((_i, el) => $(el).attr('data-island') ?? '').get());
  if (islands.size > 0) {
    follow('renderer/hydrate.tsx', false);
    // hydrate.tsx loads the catalogs of the islands' language (the page's) before hydrating.
    follow(`islands/shared/catalogs/${($('html').attr('lang') ?? '').startsWith('en') ? 'en' : 'zh'}.ts`, false);
  }
  for (const name of islands) follow(`islands/${name}/index.tsx`, true);
  const inline = $('script:not([src])').map((_i, el) => $(el).html() ?? '').get().join('\n');
  return { files: [...files], inlineGz: inline ? gzipSize(inline) : 0 };
}
