/**
 * i18next in the browser, over the same catalogs the server uses (public/locales). Islands get
 * their language as a prop; the server already rendered the same text, so hydration matches.
 */
import i18next, { type TFunction } from 'i18next';
import zh from '../../public/locales/zh/common.json';
import en from '../../public/locales/en/common.json';
import type { Lang } from './locale';

const instance = i18next.createInstance();
void instance.init({
  resources: { zh: { common: zh }, en: { common: en } },
  lng: 'zh',
  fallbackLng: 'zh',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const fixed: Record<Lang, TFunction> = { zh: instance.getFixedT('zh'), en: instance.getFixedT('en') };

export function translator(lang: Lang): (key: string, options?: Record<string, unknown>) => string {
  return (key, options) => String(fixed[lang](key, options));
}
