/**
 * The documents feature's CPU tasks as the pool runs them (issue 30): plain data in, PDF bytes
 * out, progress per person; the background image arrives as a bare Uint8Array (what a Buffer
 * becomes across a worker thread) and is still drawn. Read back with poppler.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { DocumentConference, DocumentPerson } from '../../../server/contract/documents';
import { tasks, type RenderInput } from '../../../server/modules/documents/tasks';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-doctasks-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const conference: DocumentConference = {
  name: { zh: '第十二届计算会议', en: 'The 12th Computing Conference' },
  shortTitle: { zh: '', en: '' },
  department: { zh: '', en: '' },
  city: { zh: '杭州', en: 'Hangzhou' },
  venue: { zh: '', en: '' },
  startDate: '2027-10-15',
  endDate: '2027-10-18',
  siteUrl: 'https://example.org',
};
const person = (i: number): DocumentPerson => ({
  code: `T-${String(i).padStart(4, '0')}`,
  name: i % 2 ? `参会者${i}` : `Attendee ${i}`,
  firstName: '',
  lastName: '',
  email: `p${i}@example.org`,
  unit: '中国科学院计算技术研究所',
  country: 'China',
  phone: '',
  registeredOn: '2027-01-01',
  fields: {},
});

function read(bytes: Uint8Array, name: string): { pages: number; text: string; images: number } {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  const images = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').length - 2;
  return { pages, text: execFileSync('pdftotext', ['-layout', file, '-']).toString(), images };
}

describe('documents.render', () => {
  test('badges for nine people: four to a sheet, every name and code, progress told per person', async () => {
    const seen: Array<[number, number, string | undefined]> = [];
    const people = Array.from({ length: 9 }, (_, i) => person(i + 1));
    const input: RenderInput = { type: 'BADGE', custom: null, conference, people, lang: 'zh', today: '2027-01-01' };
    // Through a structured clone, as the pool hands it over.
    const pdf = await tasks['documents.render'](
      structuredClone(input),
      (done, total, stage) => void seen.push([done, total, stage]),
    );
    const { pages, text } = read(pdf, 'badges');
    expect(pages).toBe(3);
    for (const p of people) expect(text).toContain(p.code);
    expect(text).toContain('参会者1');
    expect(seen).toEqual(people.map((_, i) => [i + 1, 9, 'work:stage.rendering']));
  });

  test('badges for 201 people: progress is told about a hundred times, the last at the end', async () => {
    const seen: number[] = [];
    const people = Array.from({ length: 201 }, (_, i) => person(i + 1));
    const pdf = await tasks['documents.render'](
      { type: 'BADGE', custom: null, conference, people, lang: 'en', today: '2027-01-01' },
      (done) => void seen.push(done),
    );
    const file = path.join(tmp, 'many.pdf');
    fs.writeFileSync(file, pdf);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+51\b/);
    expect(seen.length).toBeLessThanOrEqual(101);
    expect(seen.at(-1)).toBe(201);
  });

  test('a custom template whose background crossed the thread as a bare Uint8Array is drawn with it', async () => {
    const png = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/banner/classic-thumb.png'));
    const background = new Uint8Array(png.byteLength);
    background.set(png);
    const layout = {
      page: { width: 90, height: 130 },
      items: [
        { field: 'name', x: 5, y: 40, width: 80, size: 20, bold: true, align: 'center' as const, color: '#112233' },
      ],
    };
    const pdf = await tasks['documents.render'](
      {
        type: 'BADGE',
        custom: { layout, background },
        conference,
        people: [person(2)],
        lang: 'en',
        today: '2027-01-01',
      },
      () => undefined,
    );
    const { text, images } = read(pdf, 'custom');
    expect(text).toContain('Attendee 2');
    expect(images).toBe(1);
  });
});

describe('documents.receipt', () => {
  test('a receipt of the system layout', async () => {
    const money = (amount: number) => ({ amount, currency: 'CNY' });
    const receipt = {
      number: 'R-2027-0001',
      orderNo: 'O-1',
      payerName: '张伟',
      payerEmail: 'z@example.org',
      lines: [{ titleZh: '注册费', titleEn: 'Registration', unit: money(100000), quantity: 1 }],
      total: money(100000),
      paid: money(100000),
      paidOn: '2027-01-02',
      method: '',
    };
    const pdf = await tasks['documents.receipt']({ custom: null, conference, receipt, lang: 'zh' }, () => undefined);
    expect(read(pdf, 'receipt').text).toContain('R-2027-0001');
  });
});
