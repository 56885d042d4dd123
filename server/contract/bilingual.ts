/**
 * Bilingual content (DESIGN.md 3: a pair of columns, `title_zh` and `title_en`, never one field
 * holding both) shown in one language: the reader's, or the other one when the reader's is empty.
 * Shared by the server and the islands (no imports but the enums), so a title reads the same in a
 * mail, an export, a PDF and on a screen.
 */
import type { Lang } from './enums';

/** A text in both languages. */
export type Bilingual = { zh: string; en: string };

/** A pair in the reader's language, else in the other. */
export function textIn(pair: Bilingual, lang: Lang): string {
  return pair[lang] || pair[lang === 'zh' ? 'en' : 'zh'];
}

/** The same for the two texts of a pair of columns or fields (`title_zh`, `title_en`). */
export function zhOrEn(zh: string, en: string, lang: Lang): string {
  return lang === 'en' ? en || zh : zh || en;
}
