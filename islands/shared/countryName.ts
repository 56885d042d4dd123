/**
 * A country stored by its English name (as the country pickers store it), shown in the page's
 * language. Apart from CountrySelect.tsx so that a page that only shows a country does not load
 * antd's Select (issue 32).
 */
import { COUNTRIES } from '../../server/contract/countries';
import type { Lang } from './locale';

export function countryName(country: string, lang: Lang): string {
  const found = lang === 'zh' ? COUNTRIES.find((c) => c.en === country) : undefined;
  return found?.zh ?? country;
}
