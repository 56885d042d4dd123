/**
 * The system payment receipt: A5 landscape (DEFAULT_PAGE.RECEIPT) in the page's language, with the
 * conference's name, "收据 / Receipt", the receipt's number, the payer, each line (unit × quantity =
 * amount), the total, the payment date and method. A custom template instead places the receipt's
 * values (number, name, amount, items, paidAt...) where its layout says.
 */
import {
  DEFAULT_PAGE,
  type DocumentConference,
  type DocumentPerson,
  type ReceiptDocument,
} from '../../../contract/documents';
import type { Lang } from '../../../contract/enums';
import { formatMoney, multiplyMoney } from '../../../contract/money';
import { mm, newDoc, text, type Doc } from './kit';
import { finishPdf } from '../../../platform/pdf/document';
import { renderDocument, type RenderTemplate } from './render';
import { textIn, zhOrEn } from '../../../contract/bilingual';

const NAVY = '#0b2a6b';
const GREY = '#6b7280';

const WORDS = {
  zh: {
    number: '编号',
    payer: '付款人',
    order: '订单号',
    paidOn: '付款日期',
    method: '付款方式',
    item: '项目',
    unit: '单价',
    quantity: '数量',
    amount: '金额',
    total: '合计',
    paid: '实收',
    note: '本收据由系统根据已确认的付款自动开具。',
  },
  en: {
    number: 'No.',
    payer: 'Received from',
    order: 'Order',
    paidOn: 'Paid on',
    method: 'Payment method',
    item: 'Item',
    unit: 'Unit price',
    quantity: 'Qty',
    amount: 'Amount',
    total: 'Total',
    paid: 'Amount received',
    note: 'This receipt was issued automatically for a confirmed payment.',
  },
} as const;

/** The values a custom layout may place, as a document "person" (code = the receipt's number, also in the QR code). */
export function receiptPerson(r: ReceiptDocument, lang: Lang): DocumentPerson {
  const items = r.lines
    .map((l) => `${zhOrEn(l.titleZh, l.titleEn, lang)} × ${l.quantity}`)
    .join(lang === 'zh' ? '；' : '; ');
  return {
    code: r.number,
    name: r.payerName || r.payerEmail,
    firstName: '',
    lastName: '',
    email: r.payerEmail,
    unit: '',
    country: '',
    phone: '',
    registeredOn: r.paidOn,
    fields: {
      number: r.number,
      amount: formatMoney(r.paid, lang),
      items,
      paidAt: r.paidOn,
      orderNo: r.orderNo,
      method: r.method,
    },
  };
}

function page(doc: Doc, c: DocumentConference, r: ReceiptDocument, lang: Lang): number {
  const { width, height } = DEFAULT_PAGE.RECEIPT;
  const w = WORDS[lang];
  doc.addPage({ size: [mm(width), mm(height)], margin: 0 });
  doc.rect(0, 0, mm(width), mm(6)).fill(NAVY);
  const left = 14;
  const inner = width - 2 * left;
  text(doc, textIn(c.name, lang), left, 11, { size: 11, bold: true, color: NAVY, width: inner * 0.62, lines: 2 });
  text(doc, '收据 / Receipt', left + inner * 0.62, 10, {
    size: 16,
    bold: true,
    width: inner * 0.38,
    align: 'right',
    lines: 1,
  });
  text(doc, `${w.number} ${r.number}`, left + inner * 0.62, 19, {
    size: 9.5,
    color: '#b91c1c',
    width: inner * 0.38,
    align: 'right',
    lines: 1,
  });
  doc
    .moveTo(mm(left), mm(27))
    .lineTo(mm(left + inner), mm(27))
    .lineWidth(0.6)
    .strokeColor('#c9a227')
    .stroke();
  const facts: Array<[string, string]> = [
    [w.payer, [r.payerName, r.payerEmail].filter(Boolean).join('  ')],
    [w.order, r.orderNo],
    [w.paidOn, r.paidOn],
    [w.method, r.method],
  ];
  let y = 30;
  facts.forEach(([label, value], i) => {
    const x = left + (i % 2) * (inner / 2);
    text(doc, label, x, y, { size: 8, color: GREY, width: 28, lines: 1 });
    text(doc, value, x + 28, y, { size: 9, width: inner / 2 - 30, lines: 1 });
    if (i % 2 === 1) y += 6;
  });
  return y + 3;
}

const COLS = (left: number, inner: number) => ({
  item: left + 2,
  unit: left + inner * 0.52,
  qty: left + inner * 0.72,
  amount: left + inner * 0.8,
  widths: { item: inner * 0.5, unit: inner * 0.2 - 2, qty: inner * 0.08, amount: inner * 0.2 - 2 },
});

function header(doc: Doc, lang: Lang, left: number, inner: number, y: number): number {
  const w = WORDS[lang];
  const c = COLS(left, inner);
  doc.rect(mm(left), mm(y), mm(inner), mm(6.5)).fill('#eef2f9');
  const o = { size: 8.5, bold: true, color: NAVY, lines: 1 } as const;
  text(doc, w.item, c.item, y + 1.5, { ...o, width: c.widths.item });
  text(doc, w.unit, c.unit, y + 1.5, { ...o, width: c.widths.unit, align: 'right' });
  text(doc, w.quantity, c.qty, y + 1.5, { ...o, width: c.widths.qty, align: 'right' });
  text(doc, w.amount, c.amount, y + 1.5, { ...o, width: c.widths.amount, align: 'right' });
  return y + 8;
}

/** The system receipt: one page, more when the lines do not fit (the table goes on under the same heading). */
export async function renderSystemReceipt(c: DocumentConference, r: ReceiptDocument, lang: Lang): Promise<Buffer> {
  const doc = newDoc(`${r.number} - ${textIn(c.name, lang)}`);
  const { width, height } = DEFAULT_PAGE.RECEIPT;
  const left = 14;
  const inner = width - 2 * left;
  const col = COLS(left, inner);
  let y = header(doc, lang, left, inner, page(doc, c, r, lang));
  for (const line of r.lines) {
    if (y > height - 36) y = header(doc, lang, left, inner, page(doc, c, r, lang));
    const o = { size: 9, lines: 1 } as const;
    text(doc, zhOrEn(line.titleZh, line.titleEn, lang), col.item, y, { ...o, width: col.widths.item });
    text(doc, formatMoney(line.unit, lang), col.unit, y, { ...o, width: col.widths.unit, align: 'right' });
    text(doc, `× ${line.quantity}`, col.qty, y, { ...o, width: col.widths.qty, align: 'right' });
    text(doc, formatMoney(multiplyMoney(line.unit, line.quantity), lang), col.amount, y, {
      ...o,
      width: col.widths.amount,
      align: 'right',
    });
    y += 6;
    doc
      .moveTo(mm(left), mm(y - 1.2))
      .lineTo(mm(left + inner), mm(y - 1.2))
      .lineWidth(0.2)
      .strokeColor('#e5e7eb')
      .stroke();
  }
  const w = WORDS[lang];
  y += 1;
  for (const [label, value, bold] of [
    [w.total, formatMoney(r.total, lang), false],
    [w.paid, formatMoney(r.paid, lang), true],
  ] as const) {
    text(doc, label, col.unit - 20, y, {
      size: 9.5,
      bold,
      width: col.widths.unit + 20 + col.widths.qty + 4,
      align: 'right',
      lines: 1,
    });
    text(doc, value, col.amount, y, {
      size: bold ? 11 : 9.5,
      bold,
      color: bold ? NAVY : '#111827',
      width: col.widths.amount,
      align: 'right',
      lines: 1,
    });
    y += 6.5;
  }
  text(doc, w.note, left, height - 14, { size: 7.5, color: GREY, width: inner * 0.7, lines: 1 });
  if (c.siteUrl)
    text(doc, c.siteUrl, left + inner * 0.7, height - 14, {
      size: 7.5,
      color: GREY,
      width: inner * 0.3,
      align: 'right',
      lines: 1,
    });
  return finishPdf(doc);
}

/** The receipt as a PDF: the system layout, or the custom template with the receipt's values placed on it. */
export function renderReceiptPdf(
  template: RenderTemplate,
  c: DocumentConference,
  r: ReceiptDocument,
  lang: Lang,
): Promise<Buffer> {
  // A custom layout's date is the payment's.
  if (template.custom) return renderDocument('RECEIPT', template, c, [receiptPerson(r, lang)], lang, r.paidOn);
  return renderSystemReceipt(c, r, lang);
}
