/**
 * The system attendance certificate (issue 33): A4 landscape, a double frame, "Certificate of
 * Attendance" in the requested language, the person large, their organisation, the conference
 * with its dates and place, the date of issue and the registration code as a QR code (which the
 * check-in desk reads like a badge's). Given to people who checked in at the conference.
 */
import type { DocumentConference, DocumentPerson } from '../../../contract/documents';
import type { Lang } from '../../../contract/enums';
import { drawQr, fitSize, mm, text, type Doc } from './kit';
import { longDate, when } from './letter';
import { textIn } from '../../../contract/bilingual';

export const CERTIFICATE = { width: 297, height: 210 };
const NAVY = '#0b2a6b';
const GOLD = '#c9a227';

export function drawCertificate(doc: Doc, c: DocumentConference, p: DocumentPerson, lang: Lang, today: string): void {
  const { width: w, height: h } = CERTIFICATE;
  doc.addPage({ size: [mm(w), mm(h)], margin: 0 });
  doc.rect(0, 0, mm(w), mm(h)).fill('#fffdf7');
  doc
    .save()
    .lineWidth(3)
    .strokeColor(NAVY)
    .rect(mm(8), mm(8), mm(w - 16), mm(h - 16))
    .stroke()
    .restore();
  doc
    .save()
    .lineWidth(1)
    .strokeColor(GOLD)
    .rect(mm(12), mm(12), mm(w - 24), mm(h - 24))
    .stroke()
    .restore();
  const left = 30;
  const width = w - 60;
  const name = textIn(c.name, lang);
  text(doc, lang === 'zh' ? '参 会 证 明' : 'CERTIFICATE OF ATTENDANCE', left, 28, {
    size: 28,
    bold: true,
    color: NAVY,
    width,
    align: 'center',
    lines: 1,
  });
  text(doc, lang === 'zh' ? 'Certificate of Attendance' : '参会证明', left, 42, {
    size: 11,
    color: '#6b7280',
    width,
    align: 'center',
    lines: 1,
  });
  text(doc, lang === 'zh' ? '兹证明' : 'This is to certify that', left, 60, {
    size: 13,
    color: '#374151',
    width,
    align: 'center',
    lines: 1,
  });
  const person = p.name || p.email;
  text(doc, person, left, 70, {
    size: fitSize(doc, person, 'sans-bold', width, 34, 18),
    bold: true,
    color: '#111827',
    width,
    align: 'center',
    lines: 1,
  });
  doc
    .moveTo(mm(left + 40), mm(88))
    .lineTo(mm(left + width - 40), mm(88))
    .lineWidth(0.8)
    .strokeColor(GOLD)
    .stroke();
  text(doc, p.unit, left, 92, { size: 13, color: '#374151', width, align: 'center', lines: 2 });
  const place = [textIn(c.venue, lang), textIn(c.city, lang)].filter(Boolean).join(lang === 'zh' ? '，' : ', ');
  const dates = when(c, lang);
  const body =
    lang === 'zh'
      ? `出席了${dates ? `于${dates}` : ''}${place ? `在${place}` : ''}${dates || place ? '举行的' : ''}`
      : `attended${dates ? `, ${dates}` : ''}${place ? `, at ${place}` : ''},`;
  text(doc, body, left, 108, { size: 13, color: '#374151', width, align: 'center', lines: 2 });
  text(doc, name, left, 120, {
    size: fitSize(doc, name, 'sans-bold', width, 20, 12),
    bold: true,
    color: NAVY,
    width,
    align: 'center',
    lines: 2,
  });
  if (lang === 'zh')
    text(doc, '特此证明。', left, 140, { size: 13, color: '#374151', width, align: 'center', lines: 1 });
  // Issued by, and the code a reader may check.
  text(doc, lang === 'zh' ? `${name}组织委员会` : `Organising Committee, ${name}`, left + 90, 160, {
    size: 12,
    bold: true,
    width: width - 90,
    align: 'right',
    lines: 2,
  });
  text(doc, longDate(today, lang), left + 90, 172, {
    size: 11,
    color: '#374151',
    width: width - 90,
    align: 'right',
    lines: 1,
  });
  drawQr(doc, p.code, left, 152, 26);
  text(doc, p.code, left + 30, 172, { size: 9, color: '#6b7280', width: 60, lines: 1 });
  if (c.siteUrl) text(doc, c.siteUrl, left, 186, { size: 8.5, color: '#6b7280', width, align: 'center', lines: 1 });
}
