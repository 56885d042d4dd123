/**
 * The islands' translations (translate.ts: the part of i18next they use), over the same catalogs
 * the server uses (public/locales/{lang}/<ns>.json).
 * `common` is the default namespace; a feature's keys are written 'ns:key'. Islands get their
 * language as a prop; the server already rendered the same text, so hydration matches.
 *
 * The catalogs are not bundled here: the server registers every namespace of both languages at
 * start (renderer/islands.server.tsx); the browser loads, before hydrating an island, the namespaces
 * of its language that the island's code names and its props carry (renderer/hydrate.tsx,
 * islandNamespaces.ts), and the language's whole catalog once the page is usable.
 */
import type { Lang } from './locale';
import { translate, type Resources } from './translate';

type Catalogs = Record<string, object>;

/** language → namespace → its catalog (what i18next's resource store held; translate.ts reads it). */
const resources: Resources = {};
const loaded = new Set<Lang>();

function addBundle(lang: Lang, ns: string, catalog: object): void {
  (resources[lang] ??= {})[ns] = catalog as Record<string, unknown>;
}

/** Makes a language's catalogs available to translator() (once per language). */
export function addCatalogs(lang: Lang, catalogs: Catalogs): void {
  if (loaded.has(lang)) return;
  for (const [ns, catalog] of Object.entries(catalogs)) addBundle(lang, ns, catalog);
  loaded.add(lang);
}

export function hasCatalogs(lang: Lang): boolean {
  return loaded.has(lang);
}

/** One namespace of a language, as the browser loads them (renderer/hydrate.tsx). */
export function addNamespace(lang: Lang, ns: string, catalog: object): void {
  if (!resources[lang]?.[ns]) addBundle(lang, ns, catalog);
}

export function hasNamespace(lang: Lang, ns: string): boolean {
  return loaded.has(lang) || Boolean(resources[lang]?.[ns]);
}

/** A translator: a catalog key (`ns:path`) and its interpolations to the text in one language. */
export type T = (key: string, options?: Record<string, unknown>) => string;

export function translator(lang: Lang): T {
  return (key, options) => translate(resources, lang, key, options);
}
