/**
 * Flowing short, unbreakable units (a contents entry, an index entry) down frames (pages or
 * columns), for the front and back matter. Shared so the contents and the author index paginate
 * by the same rules: a unit is never split unless it alone is taller than a frame, the gap above
 * a unit is dropped at the top of a frame, and a heading stays with the first line after it.
 */
import { heightOf, type Row } from './measure';

export type Unit<T> = { rows: Row[]; gap: number; keepWithNext?: boolean; data: T };
export type Frame = { top: number; bottom: number };
export type Placed<T> = { frame: number; y: number; rows: Row[]; data: T };

export function flow<T>(units: Unit<T>[], frame: (i: number) => Frame): { placed: Placed<T>[]; frames: number } {
  const placed: Placed<T>[] = [];
  let f = 0;
  let { top, bottom } = frame(0);
  let y = top;
  const next = () => {
    f++;
    ({ top, bottom } = frame(f));
    y = top;
  };
  units.forEach((u, i) => {
    const h = heightOf(u.rows);
    const follow = u.keepWithNext && units[i + 1] ? units[i + 1].gap + (units[i + 1].rows[0]?.line.height ?? 0) : 0;
    let gap = y > top ? u.gap : 0;
    if (y > top && y + gap + h + follow > bottom + 0.01) {
      next();
      gap = 0;
    }
    if (y + gap + h <= bottom + 0.01) {
      placed.push({ frame: f, y: y + gap, rows: u.rows, data: u.data });
      y += gap + h;
      return;
    }
    // Taller than a frame (a title of hundreds of words): continued row by row, never cut.
    let rows: Row[] = [];
    let start = y + gap;
    for (const row of u.rows) {
      if (rows.length && start + heightOf([...rows, row]) > bottom + 0.01) {
        placed.push({ frame: f, y: start, rows, data: u.data });
        next();
        start = y;
        rows = [];
      }
      rows.push(row);
    }
    placed.push({ frame: f, y: start, rows, data: u.data });
    y = start + heightOf(rows);
  });
  return { placed, frames: f + 1 };
}
