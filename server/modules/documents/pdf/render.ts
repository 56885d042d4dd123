/**
 * One PDF of a document type for several people: the system layout, or a custom template (an
 * uploaded background image with fields placed on it). Badges and tickets go several to an A4
 * sheet when they fit, nothing split across sheets; letters one per page.
 */
import type {
  DocumentConference,
  DocumentLayout,
  DocumentPerson,
  DocumentType,
  LayoutItem,
} from '../../../contract/documents';
import { countryLabel } from '../../../contract/countries';
import type { Lang } from '../../../contract/enums';
import { drawBadge, BADGE } from './badge';
import { cropMarks, drawQr, mm, newDoc, sheetGrid, text, type Doc } from './kit';
import { finishPdf } from '../../../platform/pdf/document';
import { drawLetter } from './letter';
import { drawCertificate } from './certificate';
import { drawTicket, TICKET } from './ticket';
import { textIn } from '../../../contract/bilingual';

export type RenderTemplate = { custom: { layout: DocumentLayout; background: Buffer | null } | null };

const TITLES: Record<DocumentType, [zh: string, en: string]> = {
  BADGE: ['胸卡', 'Badge'],
  INVITATION: ['邀请函', 'Invitation letter'],
  RECEIPT: ['收据', 'Receipt'],
  TICKET: ['入场券', 'Ticket'],
  CERTIFICATE: ['参会证明', 'Certificate of attendance'],
};

/** The value a layout item prints for a person. */
export function fieldValue(field: string, c: DocumentConference, p: DocumentPerson, lang: Lang): string {
  switch (field) {
    case 'name':
      return p.name || p.email;
    case 'unit':
      return p.unit;
    case 'country':
      return p.country ? countryLabel(p.country, lang) : '';
    case 'code':
      return p.code;
    case 'conferenceName':
      return textIn(c.name, lang);
    case 'email':
      return p.email;
    case 'phone':
      return p.phone;
    case 'registeredOn':
      return p.registeredOn;
    default:
      return p.fields[field] ?? '';
  }
}

function drawCustom(
  doc: Doc,
  x: number,
  y: number,
  layout: DocumentLayout,
  background: Buffer | null,
  c: DocumentConference,
  p: DocumentPerson,
  lang: Lang,
): void {
  const { width, height } = layout.page;
  doc.save();
  doc.rect(mm(x), mm(y), mm(width), mm(height)).clip();
  doc.rect(mm(x), mm(y), mm(width), mm(height)).fill('#ffffff');
  if (background) {
    try {
      doc.image(background, mm(x), mm(y), { width: mm(width), height: mm(height) });
    } catch {
      // An image the PDF library cannot read (it passed the upload's type check): the fields still print.
    }
  }
  for (const item of layout.items) drawItem(doc, x, y, item, c, p, lang);
  doc.restore();
}

function drawItem(
  doc: Doc,
  x: number,
  y: number,
  item: LayoutItem,
  c: DocumentConference,
  p: DocumentPerson,
  lang: Lang,
): void {
  if (item.field === 'qr') return drawQr(doc, p.code, x + item.x, y + item.y, item.size);
  text(doc, fieldValue(item.field, c, p, lang), x + item.x, y + item.y, {
    size: item.size,
    bold: item.bold,
    color: item.color,
    align: item.align,
    width: item.width,
    lines: 2,
  });
}

/** Places boxes of w × h mm several to an A4 sheet (with cut marks), or one per page of that size. */
function placeOnSheets(
  doc: Doc,
  w: number,
  h: number,
  count: number,
  draw: (i: number, x: number, y: number) => void,
): void {
  const grid = sheetGrid(w, h);
  if (!grid) {
    for (let i = 0; i < count; i++) {
      doc.addPage({ size: [mm(w), mm(h)], margin: 0 });
      draw(i, 0, 0);
    }
    return;
  }
  const perSheet = grid.cols * grid.rows;
  for (let i = 0; i < count; i++) {
    const slot = i % perSheet;
    if (slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = grid.x0 + (slot % grid.cols) * (w + grid.gap);
    const y = grid.y0 + Math.floor(slot / grid.cols) * (h + grid.gap);
    draw(i, x, y);
    cropMarks(doc, x, y, w, h);
  }
}

/**
 * `today` is the letter's date, YYYY-MM-DD in the conference's time zone; `drawn` is told after
 * each person (the pool's progress, documents/tasks.ts).
 */
export async function renderDocument(
  type: DocumentType,
  template: RenderTemplate,
  c: DocumentConference,
  people: DocumentPerson[],
  lang: Lang,
  today: string,
  drawn: (done: number, total: number) => void = () => undefined,
): Promise<Buffer> {
  const [zh, en] = TITLES[type];
  const total = people.length;
  const doc = newDoc(`${lang === 'en' ? en : zh} - ${textIn(c.name, lang)}`);
  const custom = template.custom;
  if (custom) {
    const { width, height } = custom.layout.page;
    // Page-sized documents one to a page; small ones (badges, tickets) several to a sheet.
    if (type === 'INVITATION' || type === 'RECEIPT' || type === 'CERTIFICATE') {
      people.forEach((p, i) => {
        doc.addPage({ size: [mm(width), mm(height)], margin: 0 });
        drawCustom(doc, 0, 0, custom.layout, custom.background, c, p, lang);
        drawn(i + 1, total);
      });
    } else {
      placeOnSheets(doc, width, height, total, (i, x, y) => {
        drawCustom(doc, x, y, custom.layout, custom.background, c, people[i], lang);
        drawn(i + 1, total);
      });
    }
  } else if (type === 'BADGE') {
    placeOnSheets(doc, BADGE.width, BADGE.height, total, (i, x, y) => {
      drawBadge(doc, x, y, c, people[i], lang);
      drawn(i + 1, total);
    });
  } else if (type === 'TICKET') {
    placeOnSheets(doc, TICKET.width, TICKET.height, total, (i, x, y) => {
      drawTicket(doc, x, y, c, people[i], lang);
      drawn(i + 1, total);
    });
  } else if (type === 'CERTIFICATE') {
    people.forEach((p, i) => {
      drawCertificate(doc, c, p, lang, today);
      drawn(i + 1, total);
    });
  } else {
    people.forEach((p, i) => {
      drawLetter(doc, c, p, lang, today);
      drawn(i + 1, total);
    });
  }
  return finishPdf(doc);
}
