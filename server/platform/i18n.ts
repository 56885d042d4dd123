/**
 * Server-side translation with the same i18next catalogs the islands use
 * (public/locales/{zh,en}/*.json). Loaded once, synchronously, at import.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource, type TFunction } from 'i18next';
import { LANGS, type Lang } from '../contract/enums';
import { ROOT_DIR } from '../paths';

const localesDir = path.join(ROOT_DIR, 'public/locales');

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lang of LANGS) {
    resources[lang] = {};
    for (const file of fs.readdirSync(path.join(localesDir, lang))) {
      if (!file.endsWith('.json')) continue;
      resources[lang][file.replace(/\.json$/, '')] = JSON.parse(
        fs.readFileSync(path.join(localesDir, lang, file), 'utf8'),
      );
    }
  }
  return resources;
}

const instance = i18next.createInstance();
const resources = loadResources();

/** A language's catalogs by namespace, as read at start: the islands rendered on the server translate with the same (renderer/islands.server.tsx). */
export const catalogsOf = (lang: Lang): Record<string, object> => resources[lang] as Record<string, object>;
void instance.init({
  resources: resources as Resource,
  lng: 'zh',
  fallbackLng: 'zh',
  // Every catalog file is a namespace: 'common' is the default, a feature's keys are 'ns:key'.
  ns: Object.keys(resources.zh),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed = new Map<Lang, TFunction>(LANGS.map((lang) => [lang, instance.getFixedT(lang)]));

/**
 * The catalogs do not change while the process runs, so a text without parameters is looked up
 * through i18next once per language and key (layouts translate dozens of labels per page).
 * Bounded: keys come from the code, but a caller could pass a key built from input.
 */
const plain = new Map<string, string>();

export function t(lang: Lang, key: string, options?: Record<string, unknown>): string {
  if (options) return String(fixed.get(lang)!(key, options));
  const id = `${lang}\u0000${key}`;
  let text = plain.get(id);
  if (text === undefined) {
    text = String(fixed.get(lang)!(key));
    if (plain.size < 20_000) plain.set(id, text);
  }
  return text;
}

export function hasKey(key: string): boolean {
  return instance.exists(key);
}
