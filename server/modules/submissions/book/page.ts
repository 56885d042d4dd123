/**
 * The book's page geometry and fixed wording, in one place so that measuring, paginating and
 * drawing share the same numbers (a slot measured 10 points taller than it is drawn would let an
 * abstract overflow).
 */
import type { BookInput } from './types';

/** A4 in points */
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN_X = 56.7;
/** the running header sits above this line; the content area starts below it */
export const CONTENT_TOP = 64;
export const CONTENT_BOTTOM = PAGE_H - 58;
export const CONTENT_W = PAGE_W - 2 * MARGIN_X;
export const CONTENT_H = CONTENT_BOTTOM - CONTENT_TOP;
export const HEADER_Y = 36;
export const FOOTER_Y = PAGE_H - 40;
/** between two slots of a page; a hairline is drawn in its middle */
export const SLOT_GAP = 14;

export const MUTED = '#59636e';
export const ACCENT = '#1d4f91';
export const RULE = '#c8ced6';

/**
 * The slots of a page: perPage equal bands stacked top to bottom, each the full content width.
 * Stacked rather than a 2×2 grid for four per page: a grid column would be about 230 points,
 * 23 CJK characters at 10 points, and most abstracts would need a larger slot anyway; stacked
 * bands keep one measure (one line width) for every slot size, so each abstract is broken into
 * lines once, and an abstract that needs two slots takes two adjacent bands (half a page).
 */
export class Slots {
  readonly height: number;

  constructor(readonly perPage: number) {
    this.height = (CONTENT_H - (perPage - 1) * SLOT_GAP) / perPage;
  }

  top(slot: number): number {
    return CONTENT_TOP + slot * (this.height + SLOT_GAP);
  }

  /** the height of `k` adjacent slots, the gaps between them included */
  span(k: number): number {
    return k * this.height + (k - 1) * SLOT_GAP;
  }
}

const WORDS = {
  en: {
    book: 'Book of Abstracts',
    contents: 'Contents',
    keywords: 'Keywords: ',
    other: 'Other',
    index: 'Author index',
    empty: 'No abstracts.',
    corresponding: '* Corresponding author',
    authorSep: ', ',
    affSep: '; ',
  },
  zh: {
    book: '摘要集',
    contents: '目录',
    keywords: '关键词：',
    other: '其他',
    index: '作者索引',
    empty: '暂无摘要。',
    corresponding: '*通讯作者',
    authorSep: '，',
    affSep: '；',
  },
};

export type Words = (typeof WORDS)['en'];

export const words = (lang: BookInput['lang']): Words => WORDS[lang === 'zh' ? 'zh' : 'en'];
