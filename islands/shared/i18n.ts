/**
 * i18next in the browser, over the same catalogs the server uses (public/locales/{lang}/<ns>.json).
 * `common` is the default namespace; a feature's keys are written 'ns:key'. Islands get their
 * language as a prop; the server already rendered the same text, so hydration matches.
 *
 * The catalogs are not bundled here: the server registers every namespace of both languages at
 * start (renderer/islands.server.tsx); the browser loads, before hydrating an island, the namespaces
 * of its language that the island's code names and its props carry (renderer/hydrate.tsx,
 * islandNamespaces.ts), and the language's whole catalog once the page is usable.
 */
import i18next, { type TFunction } from 'i18next';
import type { Lang } from './locale';

type Catalogs = Record<string, object>;

const instance = i18next.createInstance();
void instance.init({
  resources: {},
  lng: 'zh',
  fallbackLng: 'zh',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const loaded = new Set<Lang>();

/** Makes a language's catalogs available to translator() (once per language). */
export function addCatalogs(lang: Lang, catalogs: Catalogs): void {
  if (loaded.has(lang)) return;
  for (const [ns, resources] of Object.entries(catalogs)) instance.addResourceBundle(lang, ns, resources, true, true);
  loaded.add(lang);
}

export function hasCatalogs(lang: Lang): boolean {
  return loaded.has(lang);
}

/** One namespace of a language, as the browser loads them (renderer/hydrate.tsx). */
export function addNamespace(lang: Lang, ns: string, resources: object): void {
  if (!instance.hasResourceBundle(lang, ns)) instance.addResourceBundle(lang, ns, resources, true, true);
}

export function hasNamespace(lang: Lang, ns: string): boolean {
  return loaded.has(lang) || instance.hasResourceBundle(lang, ns);
}

const fixed: Record<Lang, TFunction> = { zh: instance.getFixedT('zh'), en: instance.getFixedT('en') };

export function translator(lang: Lang): (key: string, options?: Record<string, unknown>) => string {
  return (key, options) => String(fixed[lang](key, options));
}
