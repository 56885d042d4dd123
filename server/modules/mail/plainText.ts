/**
 * The plain-text part of a mail, from its HTML body (html-to-text). Lines are not wrapped, so a
 * long link or code stays whole and clickable; a link keeps its address after its label (once,
 * when the label is the address); headings keep their case; images are left out; Chinese and
 * every other text comes through as written, entities decoded.
 */
import { compile } from 'html-to-text';

const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

export function plainTextOf(html: string): string {
  return toText(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
