/**
 * The islands' translate() (islands/shared/translate.ts) gives what i18next gave them, set up as
 * islands/shared/i18n.ts set it up before issue 32: for every key of every catalog, in both
 * languages, without options, with every placeholder filled, with counts 0, 1 and 2, and for the
 * cases the islands rely on (missing keys, defaultValue, nesting, a placeholder left out).
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { translate, type Resources } from '../../islands/shared/translate';

const dir = path.resolve(import.meta.dirname, '../../public/locales');
const resources: Resources = {};
for (const lang of ['zh', 'en']) {
  resources[lang] = {};
  for (const file of fs.readdirSync(path.join(dir, lang)))
    resources[lang][file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
}

const reference = i18next.createInstance();
void reference.init({
  resources,
  lng: 'zh',
  fallbackLng: 'zh',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Every key of a catalog, plural forms folded into their key (as the islands ask for them). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other|zero|two|few|many)$/, '')];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([^},]+?)\s*\}\}/g)].map((m) => m[1]);

describe('translate() answers as i18next', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`every key in ${lang}`, () => {
      const t = reference.getFixedT(lang);
      let checked = 0;
      const differ: string[] = [];
      for (const [ns, catalog] of Object.entries(resources[lang])) {
        // Every placeholder of the namespace filled: each text takes the ones it has.
        const filled = Object.fromEntries(placeholders(JSON.stringify(catalog)).map((name) => [name, `<${name}>`]));
        for (const keyPath of new Set(keys(catalog))) {
          const key = ns === 'common' ? keyPath : `${ns}:${keyPath}`;
          for (const options of [
            undefined,
            {},
            filled,
            { ...filled, count: 0 },
            { ...filled, count: 1 },
            { ...filled, count: 2 },
          ]) {
            const ours = translate(resources, lang, key, options);
            const theirs = String(t(key, options));
            if (ours !== theirs) differ.push(`${key} ${JSON.stringify(options)}: ${ours} / ${theirs}`);
            checked++;
          }
        }
      }
      expect(differ).toEqual([]);
      expect(checked).toBeGreaterThan(1000);
    });
  }

  test('missing keys, defaultValue, a value left out or empty, nesting', () => {
    const cases: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['en', 'orders:methods.nosuch', { defaultValue: 'nosuch' }],
      ['zh', 'orders:methods.nosuch', undefined],
      ['en', 'nosuch.key', undefined],
      ['en', 'nosuch:key.deep', { count: 2 }],
      ['zh', 'submissions:transitionRefused', { status: 'draft', action: 'accept' }],
      ['en', 'submissions:transitionRefused', { status: 'nosuch', action: 'accept' }],
      ['en', 'submissions:transitionRefused', undefined],
      ['en', 'submitConfig:layout.pageLabel', { count: 1 }],
      ['zh', 'submitConfig:layout.pageLabel', { count: 1 }],
      ['en', 'submitConfig:layout.pageLabel', { count: 5, extra: null }],
      ['en', 'work:queued', { count: undefined }],
      ['en', 'submissions:status', undefined],
    ];
    for (const [lang, key, options] of cases)
      expect(translate(resources, lang, key, options), `${lang} ${key}`).toBe(
        String(reference.getFixedT(lang)(key, options)),
      );
  });

  test('in the browser, a language alone (no Chinese to fall back on) answers the key as i18next did', () => {
    const enOnly: Resources = { en: resources.en };
    const alone = i18next.createInstance();
    void alone.init({
      resources: enOnly,
      lng: 'zh',
      fallbackLng: 'zh',
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    for (const key of ['orders:nosuch', 'userReg.userLoginError', 'nosuch'])
      expect(translate(enOnly, 'en', key)).toBe(String(alone.getFixedT('en')(key)));
  });
});
