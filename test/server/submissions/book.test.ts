/**
 * The book of abstracts (issue 15): 500 abstracts of 600–1500 characters, half Chinese and half
 * English, at 1, 2 and 4 per page, read back with poppler. Every title is printed exactly once in
 * the body; an abstract starts and ends on the same page unless the generator reported it as
 * longer than a page; nothing is drawn below its region; only embedded subsets of fonts; the
 * contents and the author index point at the pages where things really are.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../server/modules/submissions/book/build';
import { buildBook } from '../../../server/modules/submissions/book/index';
import { bookFixture, numberOf, PATHOLOGICAL } from './bookFixtures';
import { checkBookAt, count, pdfPages, squash } from './bookRead';

// 2 and 4 per page: bookPerPage.test.ts.
describe.each([1] as const)('500 abstracts at %i per page', (perPage) => {
  it(
    'prints every title once, keeps every abstract on its page unless reported, embeds only subsets',
    () => checkBookAt(perPage),
    120_000,
  );
});

describe('the contents and the author index', () => {
  it('name the pages where the abstracts and the authors really are', async () => {
    const input = bookFixture({ n: 60, perPage: 2, lang: 'en' });
    const { result, trace } = await render(input);
    const pages = pdfPages(result.pdf, 'small.pdf');
    const pageOf = new Map(trace.filter((t) => t.first).map((t) => [t.id, t.page]));

    // The contents: an entry line ends with its page number after the dot leaders.
    const contents = pages.slice(1, Math.min(...pageOf.values()) - 1).join('\n');
    for (const a of input.abstracts.slice(0, 20)) {
      const at = contents.indexOf(a.number);
      expect(at, `${a.number} in the contents`).toBeGreaterThanOrEqual(0);
      const after = contents.slice(at).match(/(?:\.\s*){3,}(\d+)/);
      expect(Number(after?.[1]), `${a.number}'s page in the contents`).toBe(pageOf.get(a.id));
    }

    // The index: a name is followed by the pages of the abstracts it signs.
    const index = pages.slice(Math.max(...trace.map((t) => t.page))).join('\n');
    const someone = input.abstracts[0].authors[0].name;
    const expected = [
      ...new Set(
        input.abstracts.filter((a) => a.authors.some((x) => x.name === someone)).map((a) => pageOf.get(a.id)!),
      ),
    ].sort((x, y) => x - y);
    const line = index
      .slice(index.indexOf(someone) + someone.length)
      .replace(/\s+/g, ' ')
      .trim();
    expect(line.startsWith(expected.join(', '))).toBe(true);
  });

  it('has a bookmark per session and per abstract', async () => {
    const input = bookFixture({ n: 30, perPage: 2 });
    const { pdf } = await buildBook(input);
    const raw = pdf.toString('latin1');
    // outline items are /Title entries under /Outlines; sessions + abstracts
    const sessions = new Set(
      input.abstracts.map((a) => (input.sessions.some((s) => s.id === a.sessionId) ? a.sessionId : -1)),
    ).size;
    expect(count(raw, '/Parent') - count(raw, '/Type /Page\n')).toBeGreaterThanOrEqual(sessions + 30);
    expect(raw).toContain('/Outlines');
  });

  it('prints a book without abstracts, and survives text with nothing to break on', async () => {
    const empty = await buildBook({ ...bookFixture({ n: 0 }), abstracts: [] });
    expect(pdfPages(empty.pdf, 'empty.pdf').join('')).toContain('暂无摘要');
    const input = bookFixture({ n: 8, perPage: 4 });
    const { pdf } = await buildBook(input);
    const text = squash(pdfPages(pdf, 'odd.pdf').join(''));
    expect(text).toContain(squash(`[${numberOf(PATHOLOGICAL.unbroken)}]`));
    expect(text).toContain(squash(`[${numberOf(PATHOLOGICAL.url)}]`));
  });
});
