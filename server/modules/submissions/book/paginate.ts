/**
 * Where each abstract goes in the body: its session group, its page(s) and its region of the
 * page. Decided from measured heights only, before anything is drawn, so the contents (printed
 * before the body) know every page number.
 *
 * The rules: an abstract that fits one slot takes the next free slot. One that does not takes
 * the smallest larger slot that holds it — two adjacent slots (half a page, with four per page)
 * or the whole page — and is reported; the slots it skips on the page it could not fit in stay
 * empty, since abstracts keep their order. One taller than a whole page starts on a new page and
 * continues over as many pages as it needs, broken between rows; what follows it takes the slots
 * below its last part. Each session starts on a new page, so a page's running header names one
 * session.
 */
import type { Block, Row } from './measure';
import { CONTENT_BOTTOM, CONTENT_TOP, type Slots } from './page';
import type { BookAbstract, BookInput, BookMove } from './types';

export type Group = { title: string; abstracts: BookAbstract[] };

/** One region of one body page with the rows set in it (a spanning abstract has several). */
export type Piece = { abstract: BookAbstract; rows: Row[]; top: number; bottom: number; first: boolean };
export type BodyPage = { group: number; pieces: Piece[] };
export type Body = { pages: BodyPage[]; moves: BookMove[]; pageOf: Map<number, number> };

/** Sessions in contents order, then an "Other" group for abstracts of an unknown session; empty groups dropped. */
export function groups(input: BookInput, other: string): Group[] {
  const sessions = [...input.sessions].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byId = new Map<number, Group>(sessions.map((s) => [s.id, { title: s.title, abstracts: [] }]));
  const rest: Group = { title: other, abstracts: [] };
  for (const a of input.abstracts) (byId.get(a.sessionId) ?? rest).abstracts.push(a);
  return [...sessions.map((s) => byId.get(s.id)!), rest].filter((g) => g.abstracts.length > 0);
}

/** The number of slots (1, 2 or all of them) an abstract of this height takes, or 0 when not even a page holds it. */
export function slotsFor(height: number, slots: Slots): number {
  const sizes = [1, 2, slots.perPage].filter((k, i, all) => k <= slots.perPage && all.indexOf(k) === i);
  return sizes.find((k) => height <= slots.span(k) + 0.01) ?? 0;
}

export function paginate(list: Group[], blocks: Map<number, Block>, slots: Slots): Body {
  const pages: BodyPage[] = [];
  const moves: BookMove[] = [];
  const pageOf = new Map<number, number>();
  let slot = 0;
  const newPage = (group: number) => {
    pages.push({ group, pieces: [] });
    slot = 0;
  };
  list.forEach((g, gi) => {
    newPage(gi);
    for (const a of g.abstracts) {
      const block = blocks.get(a.id)!;
      const k = slotsFor(block.height, slots);
      const move = (action: BookMove['action']) => moves.push({ id: a.id, number: a.number, title: a.title, action });
      if (k > 0) {
        if (slot + k > slots.perPage) newPage(gi);
        if (k > 1) move(k < slots.perPage ? 'largerSlot' : 'ownPage');
        pages[pages.length - 1].pieces.push({
          abstract: a,
          rows: block.rows,
          top: slots.top(slot),
          bottom: slots.top(slot) + slots.span(k),
          first: true,
        });
        pageOf.set(a.id, pages.length - 1);
        slot += k;
        continue;
      }
      move('spansPages');
      if (slot > 0) newPage(gi);
      pageOf.set(a.id, pages.length - 1);
      let rows: Row[] = [];
      let y = CONTENT_TOP;
      let first = true;
      for (const row of block.rows) {
        const gap = rows.length ? row.gap : 0;
        if (rows.length && y + gap + row.line.height > CONTENT_BOTTOM + 0.01) {
          pages[pages.length - 1].pieces.push({ abstract: a, rows, top: CONTENT_TOP, bottom: CONTENT_BOTTOM, first });
          newPage(gi);
          first = false;
          rows = [];
          y = CONTENT_TOP;
          rows.push(row);
          y += row.line.height;
          continue;
        }
        rows.push(row);
        y += gap + row.line.height;
      }
      // The last part takes as many slots as it needs; what follows goes below it.
      const tail = slotsFor(y - CONTENT_TOP, slots) || slots.perPage;
      pages[pages.length - 1].pieces.push({
        abstract: a,
        rows,
        top: CONTENT_TOP,
        bottom: slots.top(0) + slots.span(tail),
        first,
      });
      slot = tail;
    }
  });
  return { pages, moves, pageOf };
}
