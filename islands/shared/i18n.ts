/**
 * i18next in the browser, over the same catalogs the server uses (public/locales/{lang}/<ns>.json).
 * `common` is the default namespace; a feature's keys are written 'ns:key'. Islands get their
 * language as a prop; the server already rendered the same text, so hydration matches.
 *
 * The catalogs are not bundled here: a page's islands speak one language, so the client loads that
 * language's catalogs (catalogs/zh.ts or en.ts, one chunk each) before hydrating (renderer/
 * hydrate.tsx), and the server registers both at start (renderer/islands.server.tsx).
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

const fixed: Record<Lang, TFunction> = { zh: instance.getFixedT('zh'), en: instance.getFixedT('en') };

export function translator(lang: Lang): (key: string, options?: Record<string, unknown>) => string {
  return (key, options) => String(fixed[lang](key, options));
}
