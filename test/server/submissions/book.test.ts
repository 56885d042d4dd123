/**
 * The book of abstracts (issue 15): 500 abstracts of 600–1500 characters, half Chinese and half
 * English, at 1, 2 and 4 per page, read back with poppler. Every title is printed exactly once in
 * the body; an abstract starts and ends on the same page unless the generator reported it as
 * longer than a page; nothing is drawn below its region; only embedded subsets of fonts; the
 * contents and the author index point at the pages where things really are.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../../../server/modules/submissions/book/build';
import { buildBook } from '../../../server/modules/submissions/book/index';
import { bookFixture, numberOf, PATHOLOGICAL } from './bookFixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'book-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// pdftotext joins a word hyphenated at a line's end ("A-\n0006" → "A0006"): compare without hyphens
const squash = (s: string) => s.replace(/[\s-]+/g, '');
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

function pdfPages(pdf: Buffer, name: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  // pdftotext separates pages with a form feed
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 })
    .toString()
    .split('\f');
}

function fonts(pdf: Buffer, name: string): string[][] {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file])
    .toString()
    .trim()
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/));
}

describe.each([1, 2, 4] as const)('500 abstracts at %i per page', (perPage) => {
  it('prints every title once, keeps every abstract on its page unless reported, embeds only subsets', async () => {
    const input = bookFixture({ n: 500, perPage });
    const { result, trace } = await render(input);
    const pages = pdfPages(result.pdf, `b${perPage}.pdf`);
    expect(pages.length - 1).toBe(result.pages);

    const bodyStart = Math.min(...trace.map((t) => t.page));
    const body = pages.slice(bodyStart - 1).map(squash);
    const whole = squash(pages.join('\n'));
    const spans = new Set(result.moves.filter((m) => m.action === 'spansPages').map((m) => m.id));
    // only the 5000-character abstract is taller than a page, at any slot size
    expect([...spans]).toEqual([1000 + PATHOLOGICAL.huge]);

    for (const a of input.abstracts) {
      const title = squash(`${a.number} ${a.title}`);
      const titlePages = body.flatMap((p, i) => (p.includes(title) ? [i] : []));
      expect(titlePages, `${a.number}'s title`).toHaveLength(1);
      expect(count(body[titlePages[0]], title), `${a.number}'s title on its page`).toBe(1);
      // each abstract's text ends with its number in brackets
      const end = `[${a.number}]`;
      expect(count(whole, squash(end)), `${a.number}'s end`).toBe(1);
      const endPage = body.findIndex((p) => p.includes(squash(end)));
      if (spans.has(a.id)) expect(endPage).toBeGreaterThan(titlePages[0]);
      else expect(endPage, `${a.number} starts and ends on one page`).toBe(titlePages[0]);
    }

    // The trace: an abstract has pieces on several pages only when reported; nothing overflows its region.
    for (const t of trace) expect(t.end, `abstract ${t.id} on page ${t.page}`).toBeLessThanOrEqual(t.bottom + 0.01);
    const piecesOf = new Map<number, number>();
    for (const t of trace) piecesOf.set(t.id, (piecesOf.get(t.id) ?? 0) + 1);
    for (const [id, n] of piecesOf) expect(n > 1, `abstract ${id}`).toBe(spans.has(id));
    expect(piecesOf.size).toBe(500);

    // Every move is reported once, in the order printed, and every move is real.
    expect(new Set(result.moves.map((m) => m.id)).size).toBe(result.moves.length);

    for (const f of fonts(result.pdf, `f${perPage}.pdf`)) {
      expect(f[0], 'a subset').toMatch(/^[A-Z]{6}\+/);
      expect(f.slice(-5, -3), `${f[0]} embedded and subset`).toEqual(['yes', 'yes']);
    }
  }, 120_000);
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
