/**
 * The system badge: 90 × 130 mm, the conference in both languages on a dark band, the name
 * large (long names shrink to fit), organisation and country, the registration code as a QR
 * code with the code under it. Printed four to an A4 sheet with cut marks.
 */
import type { DocumentConference, DocumentPerson } from '../../../contract/documents';
import { countryLabel } from '../../../contract/countries';
import type { Lang } from '../../../contract/enums';
import { drawQr, fitSize, mm, text, type Doc } from './kit';
import { textIn } from '../../../contract/bilingual';

export const BADGE = { width: 90, height: 130 };
const NAVY = '#0b2a6b';
const GOLD = '#c9a227';

export function drawBadge(doc: Doc, x: number, y: number, c: DocumentConference, p: DocumentPerson, lang: Lang): void {
  const w = BADGE.width;
  const h = BADGE.height;
  doc.save();
  doc.roundedRect(mm(x), mm(y), mm(w), mm(h), mm(3)).clip();
  doc.rect(mm(x), mm(y), mm(w), mm(h)).fill('#ffffff');
  // The conference band.
  doc.rect(mm(x), mm(y), mm(w), mm(32)).fill(NAVY);
  doc.rect(mm(x), mm(y + 32), mm(w), mm(1.5)).fill(GOLD);
  const short = textIn(c.shortTitle, lang) || textIn(c.name, lang);
  text(doc, short, x + 6, y + 5, {
    size: fitSize(doc, short, 'sans-bold', w - 12, 18, 10),
    bold: true,
    color: '#ffffff',
    width: w - 12,
    align: 'center',
    lines: 1,
  });
  text(doc, c.name.zh, x + 6, y + 15, { size: 7.5, color: '#dbe4ff', width: w - 12, align: 'center', lines: 1 });
  text(doc, c.name.en, x + 6, y + 20.5, { size: 6.5, color: '#dbe4ff', width: w - 12, align: 'center', lines: 2 });
  // The person.
  const name = p.name || p.email;
  // One line as large as fits; a name too long for one line at 15 pt takes two.
  const size = fitSize(doc, name, 'sans-bold', w - 10, 26, 15);
  const oneLine = doc.font('sans-bold').fontSize(size).widthOfString(name) <= mm(w - 10);
  text(doc, name, x + 5, oneLine ? y + 42 : y + 40, {
    size: oneLine ? size : 13,
    bold: true,
    color: '#111827',
    width: w - 10,
    align: 'center',
    lines: oneLine ? 1 : 2,
  });
  text(doc, p.unit, x + 6, y + 56, { size: 9.5, color: '#374151', width: w - 12, align: 'center', lines: 2 });
  text(doc, p.country ? countryLabel(p.country, lang) : '', x + 6, y + 66.5, {
    size: 8.5,
    color: '#6b7280',
    width: w - 12,
    align: 'center',
    lines: 1,
  });
  // The code, to be scanned at the door.
  drawQr(doc, p.code, x + (w - 32) / 2, y + 74, 32);
  text(doc, p.code, x + 6, y + 107, {
    size: 9,
    bold: true,
    color: '#111827',
    width: w - 12,
    align: 'center',
    lines: 1,
  });
  // The role band.
  doc.rect(mm(x), mm(y + h - 14), mm(w), mm(14)).fill(NAVY);
  text(doc, lang === 'en' ? 'ATTENDEE · 参会代表' : '参会代表 · ATTENDEE', x + 4, y + h - 10, {
    size: 10,
    bold: true,
    color: '#ffffff',
    width: w - 8,
    align: 'center',
    lines: 1,
  });
  doc.restore();
  // A thin outline, for cutting by hand.
  doc.save().lineWidth(0.4).strokeColor('#d1d5db').roundedRect(mm(x), mm(y), mm(w), mm(h), mm(3)).stroke().restore();
}
