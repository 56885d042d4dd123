/**
 * The printed programme (PDF, A4): a cover, then each day opening on a left-hand page so that it
 * reads across a spread, its items in time order with room, people and session; and an index of
 * speakers and authors with the pages they appear on. Set in Noto Sans SC (the project's CJK face:
 * pdfkit embeds only the glyphs used). Built once per release (publicData.ts keeps it), never per
 * request: an anonymous visitor only reads the kept bytes.
 */
import { finishPdf, newPdf, type PdfDoc } from '../../platform/pdf/document';
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { t } from '../../platform/i18n';
import { pick, type PublicProgramme } from './publicIndex';
import { dayLabel, kindLabel, NS, peopleOf, roomLabel, sessionLabel } from './publicFormat';

const MARGIN = 48;
const INK = '#1f2328';
const GREY = '#57606a';

export type PrintContext = { p: PublicProgramme; lang: Lang; conferenceName: string };

export function printProgramme(ctx: PrintContext): Promise<Buffer> {
  const { p, lang } = ctx;
  const L = (key: string, o?: Record<string, unknown>) => t(lang, `${NS}${key}`, o);
  const doc: PdfDoc = newPdf(`${ctx.conferenceName} — ${L('title')}`, ['sans', 'sans-bold'], { size: 'A4', margin: MARGIN, bufferPages: true });
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const pageNumber = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  const pagesOf = new Map<string, Set<number>>();

  // Cover
  doc.addPage();
  doc.font('sans-bold').fontSize(26).fillColor(INK).text(ctx.conferenceName, MARGIN, 220, { width: width(), align: 'center' });
  doc.moveDown(0.6).font('sans').fontSize(18).text(L('title'), { width: width(), align: 'center' });
  const date = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { timeZone: p.programme.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(p.release.releasedAt);
  doc.moveDown(1).fontSize(11).fillColor(GREY).text(L('release', { number: p.release.number, date }), { width: width(), align: 'center' });
  doc.moveDown(0.3).text(`${L('timeZoneNote')} ${p.programme.timeZone}`, { width: width(), align: 'center' });

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.x = MARGIN;
    }
  };

  const drawItem = (item: ReleasedItem, indent: number) => {
    const x = MARGIN + indent;
    const w = width() - indent;
    const title = pick(item.title, lang);
    const people = peopleOf(item);
    const peopleText = people.map((person) => (person.unit ? `${person.name} (${person.unit})` : person.name)).join(', ');
    const meta = [roomLabel(p, item, lang), kindLabel(item.kind, lang), item.kind !== 'session' ? sessionLabel(p, item, lang) : ''].filter(Boolean).join(' · ');
    doc.font('sans-bold').fontSize(10.5);
    const h = doc.heightOfString(title, { width: w - 70 }) + (peopleText ? 14 : 0) + 14;
    ensure(Math.min(h, 120));
    const top = doc.y;
    doc.font('sans').fontSize(9.5).fillColor(GREY).text(`${item.startLocal}–${item.endLocal}`, x, top, { width: 66 });
    doc.font('sans-bold').fontSize(10.5).fillColor(INK).text(title, x + 70, top, { width: w - 70 });
    doc.font('sans').fontSize(9).fillColor(GREY).text(meta, x + 70, doc.y, { width: w - 70 });
    if (peopleText) doc.fillColor(INK).text(peopleText, x + 70, doc.y, { width: w - 70 });
    if (item.chair) doc.fillColor(GREY).text(`${L('talk.chair')}: ${item.chair.name}`, x + 70, doc.y, { width: w - 70 });
    const page = pageNumber();
    for (const person of [...people, ...(item.chair ? [item.chair] : [])]) {
      const key = person.unit ? `${person.name}\u0000${person.unit}` : person.name;
      (pagesOf.get(key) ?? pagesOf.set(key, new Set()).get(key)!).add(page);
    }
    doc.moveDown(0.5);
    doc.x = MARGIN;
  };

  for (const [day, items] of p.byDay) {
    // A day opens on a left-hand (even) page: it reads across the spread.
    doc.addPage();
    if (pageNumber() % 2 === 1) doc.addPage();
    doc.font('sans-bold').fontSize(18).fillColor(INK).text(dayLabel(day, lang, true), MARGIN, MARGIN, { width: width() });
    doc.moveDown(0.5);
    for (const item of items.filter((i) => !i.parentUid || !p.byUid.has(i.parentUid))) {
      drawItem(item, 0);
      for (const child of p.children.get(item.uid) ?? []) drawItem(child, 16);
    }
  }

  // Index of speakers and authors
  doc.addPage();
  doc.font('sans-bold').fontSize(18).fillColor(INK).text(L('print.index'), MARGIN, MARGIN, { width: width() });
  doc.moveDown(0.5);
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en');
  for (const key of [...pagesOf.keys()].sort(collator.compare)) {
    const [name, unit] = key.split('\u0000');
    ensure(14);
    doc.font('sans').fontSize(9.5).fillColor(INK).text(`${name}${unit ? ` (${unit})` : ''}  ……  ${[...pagesOf.get(key)!].sort((a, b) => a - b).join(', ')}`, MARGIN, doc.y, { width: width() });
  }

  // Page numbers, in the outer corner of each page but the cover.
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The number sits in the bottom margin: pdfkit would otherwise start a new page there.
    doc.page.margins.bottom = 0;
    const n = i + 1;
    doc.font('sans').fontSize(8.5).fillColor(GREY).text(String(n), MARGIN, doc.page.height - MARGIN + 6, { width: width(), align: n % 2 === 0 ? 'left' : 'right', lineBreak: false });
  }

  return finishPdf(doc);
}
