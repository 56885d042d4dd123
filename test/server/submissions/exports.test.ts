/**
 * The Word and HTML books of abstracts (issue 15; spec 9): read back as a reader would see them —
 * Word through mammoth and its zip's XML, HTML through cheerio — for the order of sessions and
 * abstracts, authors with affiliation marks, Chinese text, author-typed markup shown as text, and
 * the size of a large book. No database: the input is built by hand or by bookFixture.
 */
import * as cheerio from 'cheerio';
import mammoth from 'mammoth';
import { zipEntry } from '../../helpers/zip';
import { describe, expect, test } from 'vitest';
import { abstractsDocx } from '../../../server/modules/submissions/exports/docx';
import { abstractsHtml } from '../../../server/modules/submissions/exports/html';
import type { BookInput } from '../../../server/modules/submissions/book/types';
import { bookFixture } from './bookFixtures';

const INJECTED_TITLE = '<script>alert(1)</script>';
const INJECTED_NAME = '"><img src=x onerror=alert(2)>';
const INJECTED_AFF = "O'Reilly & <Sons>";
const INJECTED_TEXT = 'Before <script>alert(3)</script> after "><img src=x onerror=alert(4)>';

/** Two sessions given out of sort order, Chinese and English, shared affiliations, markup, an unknown session. */
function input(change: Partial<BookInput> = {}): BookInput {
  return {
    title: 'Conference on Catalysis 2025',
    lang: 'en',
    layout: {
      perPage: 2,
      showNumber: true,
      title: { font: 'sans', size: 13, bold: true, italic: false },
      author: { font: 'sans', size: 10, bold: false, italic: true },
      content: { font: 'serif', size: 10.5, bold: false, italic: false },
    },
    sessions: [
      { id: 20, title: 'Session B: Graphs', sort: 2 },
      { id: 10, title: 'Session A: 催化化学', sort: 1 },
    ],
    abstracts: [
      {
        id: 1,
        number: 'A-001',
        title: 'Graph networks for catalysts',
        sessionId: 20,
        authors: [
          { name: 'Alice Smith', affiliation: 'Tsinghua University', corresponding: false },
          { name: 'Bob Lee', affiliation: 'MIT', corresponding: true },
          { name: 'Carol Wu', affiliation: 'Tsinghua University', corresponding: false },
        ],
        abstract: 'First paragraph about graphs.\nSecond paragraph about catalysts.',
        keywords: 'graphs; catalysis',
      },
      {
        id: 2,
        number: 'A-002',
        title: '基于深度学习的催化剂设计',
        sessionId: 10,
        authors: [{ name: '张三', affiliation: '清华大学', corresponding: true }],
        abstract: '本文提出一种新的方法。\n结果表明性能显著提高。',
        keywords: '深度学习；催化',
      },
      {
        id: 3,
        number: 'A-003',
        title: INJECTED_TITLE,
        sessionId: 10,
        authors: [{ name: INJECTED_NAME, affiliation: INJECTED_AFF, corresponding: false }],
        abstract: INJECTED_TEXT,
        keywords: '',
      },
      {
        id: 4,
        number: 'A-004',
        title: 'Lost session',
        sessionId: 99,
        authors: [],
        abstract: 'No session known.',
        keywords: '',
      },
    ],
    ...change,
  };
}

/** printed order: session A (sort 1), session B (sort 2), then Other */
const TITLES = [
  'A-002 基于深度学习的催化剂设计',
  `A-003 ${INJECTED_TITLE}`,
  'A-001 Graph networks for catalysts',
  'A-004 Lost session',
];
const SESSIONS = ['Session A: 催化化学', 'Session B: Graphs', 'Other'];

/** each part found after the one before it */
function inOrder(text: string, parts: string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe('Word', () => {
  test('every title, author, affiliation and keyword, in session order, Chinese as Chinese, markup as text', async () => {
    const buffer = await abstractsDocx(input());
    const { value: text } = await mammoth.extractRawText({ buffer });
    inOrder(text, [
      'Conference on Catalysis 2025',
      'Book of Abstracts',
      SESSIONS[0],
      TITLES[0],
      TITLES[1],
      SESSIONS[1],
      TITLES[2],
      SESSIONS[2],
      TITLES[3],
    ]);
    inOrder(text, [
      'Alice Smith',
      'Bob Lee',
      'Carol Wu',
      'Tsinghua University',
      'MIT',
      '* Corresponding author',
      'First paragraph about graphs.',
      'Second paragraph about catalysts.',
      'Keywords: graphs; catalysis',
    ]);
    for (const s of [
      '张三',
      '清华大学',
      '本文提出一种新的方法。',
      '结果表明性能显著提高。',
      'Keywords: 深度学习；催化',
      INJECTED_NAME,
      INJECTED_AFF,
      INJECTED_TEXT,
      'No session known.',
    ])
      expect(text).toContain(s);
    // empty keywords print no line: one per abstract that has them
    expect(text.match(/Keywords: /g)).toHaveLength(2);

    const { value: html } = await mammoth.convertToHtml({ buffer });
    const $ = cheerio.load(html);
    expect(
      $('h1')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(SESSIONS);
    expect(
      $('h2')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(TITLES);
    expect($('script, img')).toHaveLength(0);
    // the marks are superscripts: 1 and 2 numbered by first appearance, the corresponding author starred
    const authors = $('p').filter((_, e) => $(e).text().startsWith('Alice Smith'));
    expect(authors.text()).toBe('Alice Smith1, Bob Lee2,*, Carol Wu1');
    expect(
      authors
        .find('sup')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['1', '2,*', '1']);

    const xml = await zipEntry(buffer, 'word/document.xml');
    expect(xml).toContain('<w:vertAlign w:val="superscript"/>');
    expect(xml).toContain('w:eastAsia="Noto Sans SC"');
    expect(xml).toContain('张三');
    expect(xml).not.toMatch(/&#\d+;|&#x/i);
    const styles = await zipEntry(buffer, 'word/styles.xml');
    expect(styles).toContain('w:eastAsia="Noto Serif SC"');
    // 10.5 pt content and 13 pt headings, in half-points
    expect(styles).toContain('<w:sz w:val="21"/>');
    expect(styles).toContain('<w:sz w:val="26"/>');
    const section = xml.match(/<w:pgSz [^>]*>/)?.[0] ?? '';
    expect(section).toContain('w:w="11906"');
    expect(section).toContain('w:h="16838"');
  });

  test('in Chinese, without numbers: 摘要集, 关键词, 其他', async () => {
    const zh = input({ lang: 'zh', layout: { ...input().layout, showNumber: false } });
    const { value: text } = await mammoth.extractRawText({ buffer: await abstractsDocx(zh) });
    inOrder(text, ['摘要集', '基于深度学习的催化剂设计', '其他', 'Lost session']);
    expect(text).toContain('关键词：深度学习；催化');
    expect(text).not.toContain('A-002');
  });

  test('no sessions, no abstracts, and text Word could not hold', async () => {
    const empty = await mammoth.extractRawText({ buffer: await abstractsDocx(input({ sessions: [], abstracts: [] })) });
    expect(empty.value).toContain('No abstracts.');
    const odd = input({ sessions: [] });
    odd.abstracts[0] = { ...odd.abstracts[0], title: 'Bad\u0001 \ud800 chars\uffff', abstract: 'x'.repeat(20000) };
    const { value: text } = await mammoth.extractRawText({ buffer: await abstractsDocx(odd) });
    expect(text).toContain('Other');
    expect(text).toContain('A-001 Bad \ufffd chars\ufffd');
    expect(text).toContain('x'.repeat(20000));
  });
});

describe('HTML', () => {
  test('one self-contained document: lang, charset, contents linking to every abstract, in order', () => {
    const $ = cheerio.load(abstractsHtml(input()));
    expect($('html').attr('lang')).toBe('en');
    expect($('meta[charset]').attr('charset')).toBe('utf-8');
    expect($('script, link, img, iframe, object, embed')).toHaveLength(0);
    expect(
      $('section > h2')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(SESSIONS);
    expect(
      $('article h3')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(TITLES);
    const links = $('nav a')
      .map((_, e) => $(e).attr('href'))
      .get();
    expect(links).toEqual(
      $('article')
        .map((_, e) => `#${$(e).attr('id')}`)
        .get(),
    );
    expect(
      $('nav a')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(TITLES);
    expect(new Set(links).size).toBe(4);
    const style = $('style').text();
    expect(style).toContain('"Noto Serif SC", serif; font-size: 10.5pt');
    expect(style).toContain('font-family: "Noto Sans SC", sans-serif; font-size: 13pt; font-weight: 700');
    expect(style).toContain('font-style: italic');
    expect(style).toContain('@page { size: A4');
  });

  test('authors with superscript marks, the affiliations numbered, keywords only when given', () => {
    const $ = cheerio.load(abstractsHtml(input()));
    const graphs = $('article').filter((_, e) => $(e).find('h3').text().includes('Graph networks'));
    expect(graphs.find('.authors').text()).toBe('Alice Smith1, Bob Lee2,*, Carol Wu1');
    expect(
      graphs
        .find('.authors sup')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['1', '2,*', '1']);
    expect(
      graphs
        .find('.affiliations li')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['1Tsinghua University', '2MIT', '* Corresponding author']);
    expect(
      graphs
        .find('.content p')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['First paragraph about graphs.', 'Second paragraph about catalysts.']);
    expect(graphs.find('.keywords').text()).toBe('Keywords: graphs; catalysis');
    expect($('.keywords')).toHaveLength(2);
    const lost = $('article').last();
    expect(lost.find('.authors, .affiliations')).toHaveLength(0);
  });

  test('what authors typed is text: no element, no attribute comes from it', () => {
    const html = abstractsHtml(input());
    const $ = cheerio.load(html);
    expect($('script, img')).toHaveLength(0);
    const handlers = $('*').filter((_, e) =>
      Object.keys((e as unknown as { attribs: Record<string, string> }).attribs).some(
        (a) => a.startsWith('on') || a === 'src',
      ),
    );
    expect(handlers).toHaveLength(0);
    const injected = $('article').eq(1);
    expect(injected.find('h3').text()).toBe(`A-003 ${INJECTED_TITLE}`);
    expect(injected.find('.authors').text()).toBe(`${INJECTED_NAME}1`);
    expect(injected.find('.affiliations li').text()).toBe(`1${INJECTED_AFF}`);
    expect(injected.find('.content p').text()).toBe(INJECTED_TEXT);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('O&#39;Reilly &amp; &lt;Sons&gt;');
  });

  test('in Chinese; no sessions; no abstracts', () => {
    const zh = cheerio.load(abstractsHtml(input({ lang: 'zh', sessions: [] })));
    expect(zh('html').attr('lang')).toBe('zh-CN');
    expect(zh('.subtitle').text()).toBe('摘要集');
    expect(
      zh('section > h2')
        .map((_, e) => zh(e).text())
        .get(),
    ).toEqual(['其他']);
    expect(zh('article')).toHaveLength(4);
    expect(zh('.keywords').first().text()).toBe('关键词：graphs; catalysis');
    const empty = cheerio.load(abstractsHtml(input({ sessions: [], abstracts: [] })));
    expect(empty('article, nav')).toHaveLength(0);
    expect(empty('body').text()).toContain('No abstracts.');
  });
});

describe('a large book', () => {
  test('500 abstracts with the pathological ones: all there, in both formats', async () => {
    const book = bookFixture({ n: 500 });
    const $ = cheerio.load(abstractsHtml(book));
    expect($('article')).toHaveLength(500);
    expect($('nav a')).toHaveLength(500);
    const numbers = $('article .number')
      .map((_, e) => $(e).text())
      .get();
    expect(new Set(numbers)).toEqual(new Set(book.abstracts.map((a) => a.number)));

    const { value: html } = await mammoth.convertToHtml({ buffer: await abstractsDocx(book) });
    const w = cheerio.load(html);
    expect(w('h2')).toHaveLength(500);
    expect(w('h1').last().text()).toBe('其他');
  });
});
