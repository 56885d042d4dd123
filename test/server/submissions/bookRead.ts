/**
 * Reading a book of abstracts back with poppler, and the check of issue 15's 500 abstracts at N per
 * page, shared by book.test.ts and bookPerPage.test.ts (one file took over 60 s on a loaded machine).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { render } from '../../../server/modules/submissions/book/build';
import { bookFixture, PATHOLOGICAL } from './bookFixtures';

/**
 * Runs a poppler tool on the PDF in a directory of its own, removed afterwards. Not one directory
 * per module: the unit projects run with `isolate: false`, so this module is loaded once for both
 * test files, and a module-level afterAll removed it when the first file ended (CI: ENOENT).
 */
function withPdfFile<T>(pdf: Buffer, name: string, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'book-'));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// pdftotext joins a word hyphenated at a line's end ("A-\n0006" → "A0006"): compare without hyphens
export const squash = (s: string) => s.replace(/[\s-]+/g, '');
export const count = (hay: string, needle: string) => hay.split(needle).length - 1;

export function pdfPages(pdf: Buffer, name: string): string[] {
  // pdftotext separates pages with a form feed
  return withPdfFile(pdf, name, (file) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 })
      .toString()
      .split('\f'),
  );
}

function fonts(pdf: Buffer, name: string): string[][] {
  return withPdfFile(pdf, name, (file) =>
    execFileSync('pdffonts', [file])
      .toString()
      .trim()
      .split('\n')
      .slice(2)
      .map((l) => l.trim().split(/\s+/)),
  );
}

/** Every title printed once, every abstract on its page unless reported, only embedded subsets of fonts. */
export async function checkBookAt(perPage: 1 | 2 | 4): Promise<void> {
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
}
