/**
 * The system ticket: 190 × 88 mm (three to an A4 sheet), the admission part with the
 * conference, the person, dates and venue, and a stub with a large QR code of the registration
 * code behind a perforation line. Labels in both languages.
 */
import type { DocumentConference, DocumentPerson } from '../../../contract/documents';
import type { Lang } from '../../../contract/enums';
import { drawQr, fitSize, mm, text, type Doc } from './kit';
import { textIn } from '../../../contract/bilingual';

export const TICKET = { width: 190, height: 88 };
const NAVY = '#0b2a6b';
const GOLD = '#c9a227';

export function drawTicket(doc: Doc, x: number, y: number, c: DocumentConference, p: DocumentPerson, lang: Lang): void {
  const { width: w, height: h } = TICKET;
  const stub = 62;
  doc.save();
  doc.rect(mm(x), mm(y), mm(w - stub), mm(h)).fill('#ffffff');
  doc.rect(mm(x), mm(y), mm(6), mm(h)).fill(NAVY);
  doc.rect(mm(x + 6), mm(y), mm(1.2), mm(h)).fill(GOLD);
  const left = x + 14;
  const width = w - stub - 22;
  text(doc, lang === 'zh' ? '入场券  ADMISSION TICKET' : 'ADMISSION TICKET  入场券', left, y + 8, {
    size: 9,
    bold: true,
    color: GOLD,
    width,
    lines: 1,
  });
  const name = textIn(c.name, lang);
  text(doc, name, left, y + 14, {
    size: fitSize(doc, name, 'sans-bold', width, 15, 10),
    bold: true,
    color: NAVY,
    width,
    lines: 2,
  });
  const person = p.name || p.email;
  text(doc, lang === 'zh' ? '参会人 Attendee' : 'Attendee 参会人', left, y + 36, {
    size: 7.5,
    color: '#6b7280',
    width,
    lines: 1,
  });
  text(doc, person, left, y + 40, {
    size: fitSize(doc, person, 'sans-bold', width, 20, 11),
    bold: true,
    color: '#111827',
    width,
    lines: 1,
  });
  text(doc, p.unit, left, y + 50, { size: 9, color: '#374151', width, lines: 1 });
  const dates = c.startDate
    ? c.endDate && c.endDate !== c.startDate
      ? `${c.startDate} — ${c.endDate}`
      : c.startDate
    : '';
  const place = [textIn(c.venue, lang), textIn(c.city, lang)].filter(Boolean).join(' · ');
  text(doc, lang === 'zh' ? '时间 Date' : 'Date 时间', left, y + 62, {
    size: 7.5,
    color: '#6b7280',
    width: 60,
    lines: 1,
  });
  text(doc, dates || '—', left, y + 66, { size: 10, bold: true, width: 60, lines: 1 });
  text(doc, lang === 'zh' ? '地点 Venue' : 'Venue 地点', left + 62, y + 62, {
    size: 7.5,
    color: '#6b7280',
    width: width - 62,
    lines: 1,
  });
  text(doc, place || '—', left + 62, y + 66, { size: 10, bold: true, width: width - 62, lines: 2 });
  text(
    doc,
    lang === 'zh'
      ? '凭此券及有效证件入场，请妥善保管。'
      : 'Show this ticket with a valid ID at the entrance. Keep it safe.',
    left,
    y + h - 12,
    { size: 7.5, color: '#6b7280', width, lines: 1 },
  );
  // The stub, behind a perforation.
  const sx = x + w - stub;
  doc.rect(mm(sx), mm(y), mm(stub), mm(h)).fill('#f3f6fb');
  doc
    .save()
    .dash(mm(1.5), { space: mm(1.5) })
    .lineWidth(0.6)
    .strokeColor('#9ca3af')
    .moveTo(mm(sx), mm(y + 3))
    .lineTo(mm(sx), mm(y + h - 3))
    .stroke()
    .undash()
    .restore();
  drawQr(doc, p.code, sx + 8, y + 14, stub - 16);
  text(doc, p.code, sx + 4, y + 14 + stub - 14, {
    size: 10,
    bold: true,
    color: '#111827',
    width: stub - 8,
    align: 'center',
    lines: 1,
  });
  text(doc, lang === 'zh' ? '扫码签到 Scan to check in' : 'Scan to check in 扫码签到', sx + 4, y + 8, {
    size: 7.5,
    color: '#6b7280',
    width: stub - 8,
    align: 'center',
    lines: 1,
  });
  doc.restore();
  doc.save().lineWidth(0.4).strokeColor('#d1d5db').rect(mm(x), mm(y), mm(w), mm(h)).stroke().restore();
}
