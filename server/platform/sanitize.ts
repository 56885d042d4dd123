/**
 * Rich text a manager writes for other people to read (notices, registration instructions, mail
 * bodies), cleaned with DOMPurify when it is saved, so what is stored is what may be shown.
 * Pages and templates are not cleaned: their scripts are the product (docs/security.md).
 *
 * Kept: paragraphs and line breaks, b/i/u/strong/em and a few like them, links, lists, headings,
 * tables, images from http(s), a data:image or this site (/files/…), and span/div with a style.
 * Gone: script, style, iframe, object, forms, every on* handler, javascript: and other unsafe
 * addresses. Text, Chinese included, comes back as written (only &, <, > and nbsp as entities).
 *
 * One jsdom window per process, made on first use, and one reusable container in one inert
 * document: the HTML is parsed into the container (in a wrapper, see below) and cleaned in
 * place, then the container is emptied. DOMPurify's usual path parses every input into a new document, and with jsdom those
 * documents are not all given back: the heap grew ≈6.5 MB a 1,000 calls, where this stays flat
 * over 20,000 (test/bench/sanitize-memory.ts). It is slow (milliseconds a call, more for long
 * text): call it when text is saved, never per request.
 */
import { createRequire } from 'node:module';
import type createDOMPurifyType from 'dompurify';
import type { DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';

// jsdom and DOMPurify weigh ≈50 MB of resident memory once loaded; they are loaded on the first
// save that needs them, not by every process that imports this file.
const load = createRequire(import.meta.url);

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'b',
  'i',
  'u',
  's',
  'strong',
  'em',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
  'span',
  'div',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'style'];
/** Where an image may come from: the web, inline image data, or this site's own files. */
const IMAGE_SOURCE = /^(https?:\/\/|data:image\/|\/(?![/\\]))/i;
/** Only these elements keep a style (the editors' colour and alignment). */
const STYLED = new Set(['SPAN', 'DIV']);
/** CSS that loads something or runs script in old engines. */
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|@import|behavior\s*:|-moz-binding/i;

type Sanitizer = { purify: DOMPurify; container: HTMLElement };
let sanitizer: Sanitizer | null = null;

function create(): Sanitizer {
  const { JSDOM } = load('jsdom') as typeof Jsdom;
  const loaded = load('dompurify') as typeof createDOMPurifyType & { default?: typeof createDOMPurifyType };
  const factory = loaded.default ?? loaded;
  const { window } = new JSDOM('<!DOCTYPE html>');
  const purify = factory(window as unknown as Parameters<typeof factory>[0]);
  purify.setConfig({ ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, IN_PLACE: true });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'src' && (node.nodeName !== 'IMG' || !IMAGE_SOURCE.test(data.attrValue.trim())))
      data.keepAttr = false;
    if (data.attrName === 'href' && node.nodeName !== 'A') data.keepAttr = false;
    if (data.attrName === 'style' && (!STYLED.has(node.nodeName) || UNSAFE_STYLE.test(data.attrValue)))
      data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new window must not hand that window back a handle on this one.
    if (node.nodeName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  // An inert document (no window of its own, like DOMParser's): nothing in it loads or runs.
  const container = window.document.implementation.createHTMLDocument('').createElement('div');
  return { purify, container };
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  sanitizer ??= create();
  const { purify, container } = sanitizer;
  try {
    // Parsed inside one wrapper element: jsdom moves a parsed fragment's top-level nodes into
    // the container one by one, at a cost that grows with their number (seconds for 200 KB of
    // paragraphs); one wrapper is one move. A stray </div> in the text would close the wrapper
    // early, and then the text is parsed again as it is.
    container.innerHTML = `<div>${html}</div>`;
    const wrapper = container.firstChild;
    const root =
      container.childNodes.length === 1 && wrapper?.nodeName === 'DIV' ? (wrapper as HTMLElement) : container;
    if (root === container) container.innerHTML = html;
    purify.sanitize(root);
    return root.innerHTML;
  } finally {
    container.replaceChildren();
  }
}
