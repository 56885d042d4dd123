/**
 * The book of abstracts as one HTML file (issue 15; spec 9 "download HTML"): self-contained (no
 * script, no external resource, the style inline) so it opens offline and prints on A4, with a
 * contents list linking to each abstract. Every piece of text comes from authors and is escaped;
 * the only values put into the style are the fixed font names and numbers.
 */
import type { BookInput, BookTextStyle } from '../book/types';
import { fontName, points, printedBook, printedTitle, type Entry, type PrintedBook } from './shared';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** text (or an attribute's value) as HTML that shows exactly that text */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** a layout style as CSS declarations; the family a fixed name, the size a checked number */
function css(s: BookTextStyle, fallbackSize: number, extra = 0): string {
  const generic = s.font === 'serif' ? 'serif' : 'sans-serif';
  return `font-family: "${fontName(s.font)}", ${generic}; font-size: ${points(s.size, fallbackSize) + extra}pt; font-weight: ${s.bold ? 700 : 400}; font-style: ${s.italic ? 'italic' : 'normal'};`;
}

function style(input: BookInput): string {
  const { title, author, content } = input.layout;
  return `
@page { size: A4; margin: 20mm; }
html { color: #1f2328; background: #fff; }
body { ${css(content, 10)} line-height: 1.6; max-width: 170mm; margin: 0 auto; padding: 24px 16px; overflow-wrap: anywhere; }
h1, h2, h3 { ${css(title, 13)} line-height: 1.35; }
h1 { font-size: ${points(title.size, 13) + 10}pt; text-align: center; margin: 2em 0 0.3em; }
.subtitle { ${css(author, 10, 4)} text-align: center; margin: 0 0 2em; }
h2 { font-size: ${points(title.size, 13) + 4}pt; border-bottom: 1px solid #d0d7de; padding-bottom: 0.2em; }
h3 { margin: 0 0 0.3em; }
.number { color: #0b5cad; }
.authors { ${css(author, 10)} margin: 0.2em 0; }
.affiliations { ${css({ ...author, bold: false }, 10, -1.5)} font-style: normal; color: #57606a; list-style: none; padding: 0; margin: 0.2em 0 0.6em; }
.content p { text-align: justify; margin: 0.3em 0; }
.keywords { margin: 0.6em 0 0; }
.keywords b { font-weight: 700; }
article { margin: 0 0 2em; padding-top: 0.5em; }
nav ol { padding-left: 1.2em; }
nav li { margin: 0.15em 0; }
a { color: #0b5cad; text-decoration: none; }
@media print {
  body { max-width: none; padding: 0; }
  nav, section { break-after: page; }
  h2, h3, .authors, .affiliations { break-after: avoid; }
  a { color: inherit; }
}
`;
}

function contents(book: PrintedBook): string {
  const sections = book.sections.map((s) => {
    const items = s.entries.map((e) => `<li><a href="#${e.anchor}">${esc(printedTitle(e))}</a></li>`).join('\n');
    return `<li>${esc(s.title)}<ol>\n${items}\n</ol></li>`;
  });
  return `<nav><h2>${esc(book.words.contents)}</h2><ol>\n${sections.join('\n')}\n</ol></nav>`;
}

function article(e: Entry, book: PrintedBook): string {
  const w = book.words;
  const parts = [`<h3>${e.number ? `<span class="number">${esc(e.number)}</span> ` : ''}${esc(e.title)}</h3>`];
  const names = e.authors.map((au) => `${esc(au.name)}${au.marks ? `<sup>${esc(au.marks)}</sup>` : ''}`);
  if (names.length) parts.push(`<p class="authors">${names.join(esc(w.authorSep))}</p>`);
  const affs = e.affiliations.map((a, i) => `<li><sup>${i + 1}</sup>${esc(a)}</li>`);
  if (e.hasCorresponding) affs.push(`<li>${esc(w.corresponding)}</li>`);
  if (affs.length) parts.push(`<ul class="affiliations">${affs.join('')}</ul>`);
  parts.push(`<div class="content">${e.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}</div>`);
  if (e.keywords) parts.push(`<p class="keywords"><b>${esc(w.keywords)}</b>${esc(e.keywords)}</p>`);
  return `<article id="${e.anchor}">\n${parts.join('\n')}\n</article>`;
}

export function abstractsHtml(input: BookInput): string {
  const book = printedBook(input);
  const body = book.sections.length
    ? [
        contents(book),
        ...book.sections.map(
          (s) =>
            `<section>\n<h2>${esc(s.title)}</h2>\n${s.entries.map((e) => article(e, book)).join('\n')}\n</section>`,
        ),
      ].join('\n')
    : `<p>${esc(book.words.empty)}</p>`;
  return `<!doctype html>
<html lang="${input.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(book.title)} · ${esc(book.words.book)}</title>
<style>${style(input)}</style>
</head>
<body>
<header><h1>${esc(book.title)}</h1><p class="subtitle">${esc(book.words.book)}</p></header>
${body}
</body>
</html>
`;
}
