/**
 * The printed programme (PDF, A4): a cover, then each day opening on a left-hand page so that its
 * first spread shows the whole day at a glance (rooms × hours, printGrid.ts), followed by its items
 * in time order with room, people and session (a block's papers under it, never parted from it at
 * a page's foot); and an index of speakers and authors with the pages they appear on. Set in Noto
 * Sans SC, a TrueType face (pdfkit embeds only the glyphs used; with the OpenType CFF cut it drops
 * glyphs). Built once per release (publicData.ts keeps it), never per request: an anonymous visitor
 * only reads the kept bytes.
 */
import { finishPdf, newPdf, type PdfDoc } from '../../platform/pdf/document';
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { t } from '../../platform/i18n';
import { pick, type PublicProgramme } from './publicIndex';
import { dayLabel, kindLabel, NS, peopleOf, roomLabel, sessionLabel } from './publicFormat';
import { drawDayGrid } from './printGrid';

const MARGIN = 48;
const INK = '#1f2328';
const GREY = '#57606a';

/** Pages as an index prints them: 4, 7–9, 12 (a run of pages as its first and last). */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return out.join(', ');
}

export type PrintContext = { p: PublicProgramme; lang: Lang; conferenceName: string };

export function printProgramme(ctx: PrintContext): Promise<Buffer> {
  const { p, lang } = ctx;
  const L = (key: string, o?: Record<string, unknown>) => t(lang, `${NS}${key}`, o);
  const doc: PdfDoc = newPdf(`${ctx.conferenceName} — ${L('title')}`, ['sans', 'sans-bold'], {
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
  });
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const pageNumber = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  const pagesOf = new Map<string, Set<number>>();

  // Cover
  doc.addPage();
  doc
    .font('sans-bold')
    .fontSize(26)
    .fillColor(INK)
    .text(ctx.conferenceName, MARGIN, 220, { width: width(), align: 'center' });
  doc.moveDown(0.6).font('sans').fontSize(18).text(L('title'), { width: width(), align: 'center' });
  const date = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: p.programme.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(p.release.releasedAt);
  doc
    .moveDown(1)
    .fontSize(11)
    .fillColor(GREY)
    .text(L('release', { number: p.release.number, date }), { width: width(), align: 'center' });
  doc.moveDown(0.3).text(`${L('timeZoneNote')} ${p.programme.timeZone}`, { width: width(), align: 'center' });

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.x = MARGIN;
    }
  };

  const colon = lang === 'zh' ? '：' : ': ';
  type Lines = { title: string; meta: string; people: string; chair: string };
  const linesOf = (item: ReleasedItem): Lines => ({
    title: pick(item.title, lang),
    meta: [
      roomLabel(p, item, lang),
      kindLabel(item.kind, lang),
      item.kind !== 'session' ? sessionLabel(p, item, lang) : '',
    ]
      .filter(Boolean)
      .join(' · '),
    people: peopleOf(item)
      .map((person) => (person.unit ? `${person.name} (${person.unit})` : person.name))
      .join(', '),
    chair: item.chair ? `${L('talk.chair')}${colon}${item.chair.name}` : '',
  });
  /** The height an item takes, measured with the faces and sizes it is drawn in. */
  const heightOf = (item: ReleasedItem, indent: number): number => {
    const l = linesOf(item);
    const w = width() - indent - 70;
    let h = doc.font('sans-bold').fontSize(10.5).heightOfString(l.title, { width: w });
    doc.font('sans').fontSize(9);
    for (const line of [l.meta, l.people, l.chair]) if (line) h += doc.heightOfString(line, { width: w });
    return h + doc.currentLineHeight() * 0.5;
  };

  const drawItem = (item: ReleasedItem, indent: number, keepWith = 0) => {
    const x = MARGIN + indent;
    const w = width() - indent;
    const l = linesOf(item);
    // a block stays with its first paper; nothing starts that does not fit
    ensure(heightOf(item, indent) + keepWith);
    const top = doc.y;
    doc.font('sans').fontSize(9.5).fillColor(GREY).text(`${item.startLocal}–${item.endLocal}`, x, top, { width: 66 });
    doc
      .font('sans-bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(l.title, x + 70, top, { width: w - 70 });
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(GREY)
      .text(l.meta, x + 70, doc.y, { width: w - 70 });
    if (l.people) doc.fillColor(INK).text(l.people, x + 70, doc.y, { width: w - 70 });
    if (l.chair) doc.fillColor(GREY).text(l.chair, x + 70, doc.y, { width: w - 70 });
    const page = pageNumber();
    for (const person of [...peopleOf(item), ...(item.chair ? [item.chair] : [])]) {
      const key = person.unit ? `${person.name}\u0000${person.unit}` : person.name;
      (pagesOf.get(key) ?? pagesOf.set(key, new Set()).get(key)!).add(page);
    }
    doc.moveDown(0.5);
    doc.x = MARGIN;
  };

  for (const [day, items] of p.byDay) {
    // A day opens on a left-hand (even) page: its spread shows the day at a glance.
    doc.addPage();
    if (pageNumber() % 2 === 1) doc.addPage();
    if (items.length) {
      drawDayGrid(doc, { p, lang, day, items, look: { margin: MARGIN, ink: INK, grey: GREY } });
      // then the day's list, from the next page (the right-hand one when the grid took one page)
      doc.addPage();
    }
    doc
      .font('sans-bold')
      .fontSize(15)
      .fillColor(INK)
      .text(dayLabel(day, lang, true), MARGIN, MARGIN, { width: width() });
    doc.moveDown(0.5);
    for (const item of items.filter((i) => !i.parentUid || !p.byUid.has(i.parentUid))) {
      const children = p.children.get(item.uid) ?? [];
      drawItem(item, 0, children.length ? heightOf(children[0], 16) : 0);
      for (const child of children) drawItem(child, 16);
    }
  }

  // Index of speakers and authors: the name at the left, its pages in a column at the right.
  doc.addPage();
  doc.font('sans-bold').fontSize(18).fillColor(INK).text(L('print.index'), MARGIN, MARGIN, { width: width() });
  doc.moveDown(0.5);
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en');
  const pagesWidth = 120;
  for (const key of [...pagesOf.keys()].sort(collator.compare)) {
    const [name, unit] = key.split('\u0000');
    const who = `${name}${unit ? ` (${unit})` : ''}`;
    const pages = pageRanges([...pagesOf.get(key)!]);
    doc.font('sans').fontSize(9.5);
    const h = Math.max(
      doc.heightOfString(who, { width: width() - pagesWidth - 12 }),
      doc.heightOfString(pages, { width: pagesWidth }),
    );
    ensure(h);
    const top = doc.y;
    doc.fillColor(INK).text(who, MARGIN, top, { width: width() - pagesWidth - 12 });
    doc.fillColor(GREY).text(pages, MARGIN + width() - pagesWidth, top, { width: pagesWidth, align: 'right' });
    doc.y = top + h + 2;
  }

  // Page numbers, in the outer corner of each page but the cover.
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The number sits in the bottom margin: pdfkit would otherwise start a new page there.
    doc.page.margins.bottom = 0;
    const n = i + 1;
    doc
      .font('sans')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(String(n), MARGIN, doc.page.height - MARGIN + 6, {
        width: width(),
        align: n % 2 === 0 ? 'left' : 'right',
        lineBreak: false,
      });
  }

  return finishPdf(doc);
}
