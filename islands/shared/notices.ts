/**
 * What the two notice screens (ProfileNotices, ManageNotices) share: a notice's title, source or
 * content in the page's language, or in the other one when that is empty. The rule is the
 * contract's `zhOrEn` (server/contract/bilingual.ts), written out here rather than imported: the
 * islands reach bilingual.ts only through orderText.ts, and a second importer makes the bundler
 * put it in a chunk of its own, one more file on every order page (ProfilePay went over its 250 KB
 * budget, docs/performance.md "Page weight").
 */
import type { Lang } from './locale';

export const noticeText = (zh: string, en: string, lang: Lang): string => (lang === 'en' ? en || zh : zh || en);
