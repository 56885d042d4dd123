/** The pure parts: the receipt's number, and its PDF in the system layout and on a custom template. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_PAGE, type DocumentConference, type ReceiptDocument } from '../../../server/contract/documents';
import { receiptPerson, renderReceiptPdf } from '../../../server/modules/documents/pdf/receipt';
import { receiptNumber } from '../../../server/modules/receipts/issue';
import { dayIn } from '../../../server/platform/localTime';

const conference: DocumentConference = {
  name: { zh: '测试会议', en: 'Test Conference' },
  shortTitle: { zh: '', en: '' },
  department: { zh: '', en: '' },
  city: { zh: '', en: '' },
  venue: { zh: '', en: '' },
  startDate: null,
  endDate: null,
  siteUrl: 'https://t.example.org',
};
const receipt = (lines = 2): ReceiptDocument => ({
  number: 'R2026-000007',
  orderNo: 'O1',
  payerName: '张伟',
  payerEmail: 'z@example.org',
  paidOn: '2026-11-23',
  method: 'Bank transfer',
  lines: Array.from({ length: lines }, (_, i) => ({
    titleZh: `项目${i}`,
    titleEn: `Item ${i}`,
    unit: { amount: 10_050, currency: 'CNY' },
    quantity: i + 1,
  })),
  total: { amount: 30_150, currency: 'CNY' },
  paid: { amount: 30_150, currency: 'CNY' },
});
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('numbers', () => {
  test('R, the year of issue in the conference time zone, and six digits', () => {
    expect(receiptNumber(123, new Date('2026-06-01T00:00:00Z'), 'Asia/Shanghai')).toBe('R2026-000123');
    // 31 December 20:00 UTC is already the new year in Shanghai
    expect(receiptNumber(1, new Date('2026-12-31T20:00:00Z'), 'Asia/Shanghai')).toBe('R2027-000001');
    expect(receiptNumber(1_234_567, new Date('2026-06-01T00:00:00Z'), 'UTC')).toBe('R2026-1234567');
    expect(dayIn('Asia/Shanghai', new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
});

describe('PDF', () => {
  test('the system layout in both languages; many lines go on to more pages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const pdf = await renderReceiptPdf({ custom: null }, conference, receipt(), lang);
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      expect(pages(pdf)).toBe(1);
    }
    expect(pages(await renderReceiptPdf({ custom: null }, conference, receipt(40), 'en'))).toBeGreaterThan(1);
  });

  test('a custom template places the receipt values', async () => {
    const layout = {
      page: DEFAULT_PAGE.RECEIPT,
      items: ['number', 'name', 'amount', 'items', 'paidAt'].map((field, i) => ({
        field,
        x: 10,
        y: 10 + i * 12,
        width: 150,
        size: 10,
        bold: false,
        align: 'left' as const,
        color: '#111827',
      })),
    };
    const pdf = await renderReceiptPdf({ custom: { layout, background: null } }, conference, receipt(), 'zh');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(receiptPerson(receipt(), 'en')).toMatchObject({
      code: 'R2026-000007',
      name: '张伟',
      fields: { number: 'R2026-000007', paidAt: '2026-11-23', items: 'Item 0 × 1; Item 1 × 2' },
    });
  });
});
