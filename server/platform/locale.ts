/**
 * The page language: the `locale` cookie (mirrored in localStorage by the islands), zh by default,
 * then forced by the conference's languageType ('1' Chinese only, '2' English only).
 */
import { DEFAULT_LANG, LANGUAGE_TYPE, type Lang } from '../contract/enums';

export const LOCALE_COOKIE = 'locale';

export function resolveLang(cookieValue: unknown, languageType: string | undefined): Lang {
  if (languageType === LANGUAGE_TYPE.zhOnly) return 'zh';
  if (languageType === LANGUAGE_TYPE.enOnly) return 'en';
  return cookieValue === 'en' || cookieValue === 'zh' ? cookieValue : DEFAULT_LANG;
}
