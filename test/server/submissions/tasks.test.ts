/**
 * The submissions' CPU tasks (issue 30; server/modules/submissions/tasks.ts) as the pool's worker
 * calls them: plain data in, plain data out (what crosses a thread survives structured clone), the
 * bytes a reader opens, and progress told as the work goes, ending at its total.
 */
import * as cheerio from 'cheerio';
import mammoth from 'mammoth';
import { describe, expect, test } from 'vitest';
import { tasks } from '../../../server/modules/submissions/tasks';
import { bookFixture } from './bookFixtures';

type Told = Array<[number, number, string | undefined]>;
const recorder = () => {
  const told: Told = [];
  return { told, progress: (done: number, total: number, stage?: string) => void told.push([done, total, stage]) };
};

/** Within each stage, never backwards and never past the total; the stage's last call is its total. */
function checkProgress(told: Told, stages: string[]): void {
  expect([...new Set(told.map((t) => t[2]))]).toEqual(stages);
  for (const stage of stages) {
    const mine = told.filter((t) => t[2] === stage);
    mine.forEach(([done, total], i) => {
      expect(done).toBeLessThanOrEqual(total);
      if (i) expect(done).toBeGreaterThanOrEqual(mine[i - 1][0]);
    });
    const [done, total] = mine[mine.length - 1];
    expect(done).toBe(total);
  }
}

describe('the book task', () => {
  test('answers the PDF as bytes with its pages and moves, and tells each abstract measured and each page drawn', async () => {
    const input = bookFixture({ n: 12, perPage: 2, lang: 'en' });
    const { told, progress } = recorder();
    const out = structuredClone(await tasks['submissions.book'](input, progress));
    expect(out.pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(out.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(out.pages).toBeGreaterThan(3);
    checkProgress(told, ['work:stage.building', 'work:stage.rendering']);
    expect(told.filter((t) => t[2] === 'work:stage.building')).toHaveLength(12);
    expect(told.at(-1)).toEqual([out.pages, out.pages, 'work:stage.rendering']);
  });
});

describe('the Word and HTML tasks', () => {
  test('Word: the bytes read back with every title, progress per abstract', async () => {
    const input = bookFixture({ n: 9, lang: 'en' });
    const { told, progress } = recorder();
    const bytes = structuredClone(await tasks['submissions.docx'](input, progress));
    expect(bytes).toBeInstanceOf(Uint8Array);
    const text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
    for (const a of input.abstracts) expect(text).toContain(a.number);
    checkProgress(told, ['work:stage.building', 'work:stage.saving']);
    expect(told.filter((t) => t[2] === 'work:stage.building').at(-1)).toEqual([9, 9, 'work:stage.building']);
  });

  test('HTML: UTF-8 bytes of a page with every abstract', async () => {
    const input = bookFixture({ n: 5, lang: 'zh' });
    const bytes = structuredClone(await tasks['submissions.html'](input));
    const $ = cheerio.load(Buffer.from(bytes).toString('utf8'));
    expect($('article')).toHaveLength(5);
    expect($('script')).toHaveLength(0);
  });
});
