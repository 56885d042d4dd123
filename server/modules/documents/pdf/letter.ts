/**
 * The system invitation letter: A4 in the requested language, with the conference's letterhead,
 * the addressee, the invitation (dates, city, venue), the person's details (passport number when
 * given, for visa applications), the registration code and its QR code, and the signature.
 */
import type { DocumentConference, DocumentPerson } from '../../../contract/documents';
import { countryLabel } from '../../../contract/countries';
import type { Lang } from '../../../contract/enums';
import { drawQr, mm, text, type Doc } from './kit';
import { textIn } from '../../../contract/bilingual';

const NAVY = '#0b2a6b';

export function longDate(day: string | null, lang: Lang): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (lang === 'zh') return `${y}年${m}月${d}日`;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function when(c: DocumentConference, lang: Lang): string {
  if (!c.startDate) return '';
  const start = longDate(c.startDate, lang);
  const end = longDate(c.endDate, lang);
  if (!end || end === start) return start;
  return lang === 'zh' ? `${start}至${end}` : `${start} to ${end}`;
}

export function drawLetter(doc: Doc, c: DocumentConference, p: DocumentPerson, lang: Lang, today: string): void {
  doc.addPage({ size: 'A4', margin: 0 });
  const left = 25;
  const width = 160;
  const name = textIn(c.name, lang);
  const other = lang === 'en' ? c.name.zh : c.name.en;
  // Letterhead.
  doc.rect(0, 0, mm(210), mm(8)).fill(NAVY);
  let y = 22;
  y += text(doc, name, left, y, { size: 16, bold: true, color: NAVY, width, lines: 2 }) + 1;
  if (other && other !== name) y += text(doc, other, left, y, { size: 9, color: '#6b7280', width, lines: 2 });
  y += 3;
  doc
    .moveTo(mm(left), mm(y))
    .lineTo(mm(left + width), mm(y))
    .lineWidth(0.8)
    .strokeColor('#c9a227')
    .stroke();
  y += 8;
  text(doc, lang === 'zh' ? '邀 请 函' : 'LETTER OF INVITATION', left, y, {
    size: 18,
    bold: true,
    width,
    align: 'center',
  });
  y += 14;
  text(doc, longDate(today, lang), left, y, { size: 10, color: '#374151', width, align: 'right' });
  y += 9;
  const person = p.name || p.email;
  y +=
    text(doc, lang === 'zh' ? `尊敬的 ${person}：` : `Dear ${person},`, left, y, { size: 11.5, bold: true, width }) + 4;
  const place = [textIn(c.venue, lang), textIn(c.city, lang)].filter(Boolean).join(lang === 'zh' ? '，' : ', ');
  const dates = when(c, lang);
  const body =
    lang === 'zh'
      ? [
          `我们诚挚地邀请您出席${name}${dates ? `。会议将于${dates}` : ''}${place ? `在${place}举行` : '举行'}。`,
          '会议将汇聚国内外学者与业界专家，交流最新研究成果，探讨学科前沿与发展趋势。期待您的参与和交流。',
          '本邀请函仅用于参会及办理相关手续，不承担您参会期间的任何费用，除非另有约定。',
        ]
      : [
          `It is our great pleasure to invite you to attend ${name}${dates ? `, to be held ${dates}` : ''}${place ? ` at ${place}` : ''}.`,
          'The conference brings together researchers and practitioners from around the world to present their latest results and discuss the future of the field. We look forward to welcoming you.',
          'This letter is issued for your attendance at the conference and the related formalities; it does not imply any financial support unless agreed otherwise.',
        ];
  for (const para of body) y += text(doc, para, left, y, { size: 11, color: '#1f2937', width }) + 4;
  y += 3;
  // The person's details, as a visa officer reads them.
  const rows: Array<[string, string]> = [
    [lang === 'zh' ? '姓名' : 'Name', person],
    [lang === 'zh' ? '单位' : 'Organization', p.unit],
    [lang === 'zh' ? '国家/地区' : 'Country/Region', p.country ? countryLabel(p.country, lang) : ''],
    [lang === 'zh' ? '护照号' : 'Passport No.', p.fields.passport ?? ''],
    [lang === 'zh' ? '报名编号' : 'Registration No.', p.code],
  ].filter(([, v]) => v) as Array<[string, string]>;
  const boxTop = y;
  doc.roundedRect(mm(left), mm(boxTop), mm(width), mm(rows.length * 8 + 6), mm(2)).fill('#f3f6fb');
  y += 4;
  for (const [label, value] of rows) {
    text(doc, label, left + 5, y, { size: 10, color: '#6b7280', width: 38, lines: 1 });
    text(doc, value, left + 45, y, { size: 10.5, bold: true, color: '#111827', width: width - 85, lines: 1 });
    y += 8;
  }
  drawQr(doc, p.code, left + width - 32, boxTop + 2, 28);
  y = Math.max(y + 6, boxTop + 36);
  // Signature.
  text(doc, lang === 'zh' ? '此致' : 'Sincerely yours,', left, y, { size: 11, width });
  y += 16;
  text(doc, lang === 'zh' ? `${name}组织委员会` : `Organising Committee, ${name}`, left + 60, y, {
    size: 11,
    bold: true,
    width: width - 60,
    align: 'right',
    lines: 3,
  });
  text(doc, longDate(today, lang), left + 60, y + 18, {
    size: 10,
    color: '#374151',
    width: width - 60,
    align: 'right',
  });
  if (c.siteUrl) text(doc, c.siteUrl, left, 282, { size: 8.5, color: '#6b7280', width, align: 'center' });
}
