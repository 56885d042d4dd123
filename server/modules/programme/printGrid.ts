/**
 * A day at a glance, on the spread that opens the day in the printed programme (print.ts): the
 * rooms as columns and the day's hours as rows, each session block, talk, break or plenary a box
 * at its place and length (a block's papers are listed after the spread, with their people). Up
 * to four rooms fit the left-hand page and the day's list begins on the right-hand one; more rooms
 * are shared between the two pages, the items for every room crossing both. Text is cut to its box
 * (an ellipsis) so nothing runs over the grid, whatever the titles' length.
 */
import type PDFDocument from 'pdfkit';
import type { Lang } from '../../contract/enums';
import type { ReleasedItem, ReleasedRoom } from '../../contract/programme';
import { t } from '../../platform/i18n';
import { pick, type PublicProgramme } from './publicIndex';
import { dayLabel, NS } from './publicFormat';

type Doc = InstanceType<typeof PDFDocument>;

export type GridLook = { margin: number; ink: string; grey: string };

/** At most this many rooms share one page of the spread. */
const ROOMS_ON_A_PAGE = 6;
const AXIS = 34;
const HEADER = 34;
const PAD = 2.5;
const LINE = '#d0d7de';
const EDGE = '#8c959f';
const FILL: Record<string, string> = {
  session: '#ddf4ff',
  keynote: '#fff1e5',
  ceremony: '#fff1e5',
  break: '#f6f8fa',
  lunch: '#f6f8fa',
  poster: '#fbefff',
};

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The rooms of each page of the spread: all on the left up to four, else halves (at most six a page). */
export function roomsByPage(rooms: ReleasedRoom[]): ReleasedRoom[][] {
  const sorted = [...rooms].sort((a, b) => a.position - b.position || a.id - b.id);
  if (sorted.length <= 4) return [sorted];
  const left = Math.min(ROOMS_ON_A_PAGE, Math.ceil(sorted.length / 2));
  // beyond twelve rooms the columns narrow rather than spill onto a third page
  return [sorted.slice(0, left), sorted.slice(left)];
}

/**
 * Draws the day's grid on the current page (the left-hand one) and, for more than four rooms, on
 * one more page; answers how many pages it drew on.
 */
export function drawDayGrid(
  doc: Doc,
  o: { p: PublicProgramme; lang: Lang; day: string; items: ReleasedItem[]; look: GridLook },
): number {
  const { p, lang, day, items, look } = o;
  const pages = roomsByPage(p.programme.rooms);
  const top = items.filter((i) => !i.parentUid || !p.byUid.has(i.parentUid));
  const from = Math.floor(Math.min(...items.map((i) => minutesOf(i.startLocal))) / 60) * 60;
  const to = Math.min(
    24 * 60,
    Math.ceil(Math.max(...items.map((i) => Math.max(minutesOf(i.endLocal), minutesOf(i.startLocal) + 15))) / 60) * 60,
  );
  pages.forEach((rooms, index) => {
    if (index > 0) doc.addPage();
    const x0 = look.margin;
    const width = doc.page.width - 2 * look.margin;
    const title = `${dayLabel(day, lang, true)} · ${t(lang, `${NS}print.glance`)}`;
    doc
      .font('sans-bold')
      .fontSize(index === 0 ? 16 : 11)
      .fillColor(look.ink)
      .text(title, x0, look.margin, { width, lineBreak: false, ellipsis: true });
    const gridTop = look.margin + 34 + HEADER;
    const gridBottom = doc.page.height - look.margin - 24;
    const scale = (gridBottom - gridTop) / (to - from);
    const columns = Math.max(1, rooms.length);
    const column = (width - AXIS) / columns;
    const colX = (i: number) => x0 + AXIS + i * column;
    const yOf = (minute: number) => gridTop + (minute - from) * scale;

    // the rooms' names over their columns
    rooms.forEach((room, i) => {
      doc
        .font('sans-bold')
        .fontSize(7.5)
        .fillColor(look.ink)
        .text(pick(room.name, lang), colX(i) + PAD, gridTop - HEADER + 4, {
          width: column - 2 * PAD,
          height: HEADER - 6,
          align: 'center',
          ellipsis: true,
        });
    });
    // hours: a line and its time at the left
    doc.lineWidth(0.5);
    for (let m = from; m <= to; m += 60) {
      doc
        .moveTo(x0 + AXIS - 4, yOf(m))
        .lineTo(x0 + width, yOf(m))
        .strokeColor(LINE)
        .stroke();
      doc
        .font('sans')
        .fontSize(7)
        .fillColor(look.grey)
        .text(hhmm(m), x0, yOf(m) - 4, { width: AXIS - 6, lineBreak: false });
    }
    for (let i = 0; i <= columns; i++)
      doc.moveTo(colX(i), gridTop).lineTo(colX(i), gridBottom).strokeColor(LINE).stroke();

    const roomIndex = new Map(rooms.map((r, i) => [r.id, i]));
    for (const item of top) {
      const at = item.roomId === null ? 0 : roomIndex.get(item.roomId);
      if (at === undefined) continue;
      const span = item.roomId === null ? columns : 1;
      const start = Math.max(from, minutesOf(item.startLocal));
      const end = Math.min(to, Math.max(minutesOf(item.endLocal), start + 5));
      box(
        doc,
        { x: colX(at) + 1, y: yOf(start) + 0.75, w: column * span - 2, h: (end - start) * scale - 1.5 },
        item,
        p,
        lang,
        look,
      );
    }
  });
  return pages.length;
}

/** One item's box: its times, its title, and for a block its chair, each cut to what the box holds. */
function box(
  doc: Doc,
  r: { x: number; y: number; w: number; h: number },
  item: ReleasedItem,
  p: PublicProgramme,
  lang: Lang,
  look: GridLook,
): void {
  doc
    .lineWidth(0.5)
    .roundedRect(r.x, r.y, r.w, r.h, 2)
    .fillAndStroke(FILL[item.kind] ?? '#ffffff', EDGE);
  const inner = r.w - 2 * PAD;
  let y = r.y + PAD;
  const room = r.y + r.h - PAD - y;
  if (room < 7) return;
  if (room >= 16) {
    doc
      .font('sans')
      .fontSize(6.5)
      .fillColor(look.grey)
      .text(`${item.startLocal}–${item.endLocal}`, r.x + PAD, y, { width: inner, lineBreak: false, ellipsis: true });
    y += 8.5;
  }
  const left = r.y + r.h - PAD - y;
  doc.font('sans-bold').fontSize(7.5).fillColor(look.ink);
  const title = pick(item.title, lang);
  const titleHeight = Math.min(doc.heightOfString(title, { width: inner }), left);
  doc.text(title, r.x + PAD, y, { width: inner, height: left, ellipsis: true });
  y += titleHeight + 1;
  const chair =
    item.kind === 'session' && item.chair
      ? `${t(lang, `${NS}talk.chair`)}${lang === 'zh' ? '：' : ': '}${item.chair.name}`
      : '';
  const papers = p.children.get(item.uid)?.length ?? 0;
  const more = [chair, papers ? t(lang, `${NS}print.papers`, { count: papers }) : ''].filter(Boolean).join(' · ');
  if (more && r.y + r.h - PAD - y >= 8)
    doc
      .font('sans')
      .fontSize(6.5)
      .fillColor(look.grey)
      .text(more, r.x + PAD, y, { width: inner, height: r.y + r.h - PAD - y, ellipsis: true });
}
