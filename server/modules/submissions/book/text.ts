/**
 * Line breaking for the book. pdfkit's own wrapper cannot do what the book needs: split an
 * abstract between pages at a line boundary (its `height` option silently drops the rest), set
 * superscripts inside a line, or say where each line goes before drawing it. So the book breaks
 * lines itself, with pdfkit's widths of the same faces and sizes, and draws each line where its
 * measurement put it: a line's place on the page is decided once, and the drawing cannot disagree.
 *
 * Breaks: at spaces, between CJK characters (not before closing or after opening punctuation),
 * after a hyphen inside a word, and — only when a word is wider than a whole line (a long URL, a
 * string without spaces) — between any two characters, so nothing runs past the margin.
 */
import type { Face, Metrics } from './fonts';

export type Span = {
  text: string;
  face: Face;
  size: number;
  color?: string;
  oblique?: boolean;
  /** raised and set at this span's (smaller) size; its line's height comes from the other spans */
  sup?: boolean;
  /** never break inside (an author's name), unless it alone is wider than the line */
  keep?: boolean;
  /** never break between this span and the one before ('prev': a name's marks) or after ('next': an affiliation's number) */
  attach?: 'prev' | 'next';
};

export type Frag = {
  x: number;
  dy: number;
  text: string;
  width: number;
  face: Face;
  size: number;
  color: string;
  oblique: boolean;
};

export type Line = {
  frags: Frag[];
  /** the frags' measured width; `indent` + `width` <= the width it was broken for */
  width: number;
  /** left offset of this line (a hanging indent) */
  indent: number;
  /** the width it may be stretched to when `justify` */
  room: number;
  height: number;
  /** a paragraph's line other than its last, set in one style: stretched to the full width */
  justify: boolean;
};

export const INK = '#1f2328';

const CLOSERS = new Set([...'，。、；：？！）〕］｝〉》」』】〗〙〛”’»›,.;:?!)]}…‥·・ー々〜～%％‰°℃']);
const OPENERS = new Set([...'（〔［｛〈《「『【〖〘〚“‘«‹([{¥$£€#＃']);

const isCjk = (c: number) =>
  (c >= 0x2e80 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7af) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xfe30 && c <= 0xfe4f) ||
  (c >= 0xff00 && c <= 0xffef) ||
  (c >= 0x20000 && c <= 0x3ffff);
const isAlnum = (ch: string) => /[\p{L}\p{N}]/u.test(ch);

/** Text as authors type it, made safe to set: no control characters, no invisible breaks. */
export function clean(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\ufeff]/g,
      (c) => (c === '\u2028' || c === '\u2029' ? '\n' : ''),
    )
    .replace(/\t/g, ' ');
}

/** Where a break may go between two adjacent characters of running text (no space between them). */
function canBreak(prev: string, next: string, prevPrev: string): boolean {
  if (CLOSERS.has(next) || OPENERS.has(prev)) return false;
  if (isCjk(prev.codePointAt(0)!) || isCjk(next.codePointAt(0)!)) return true;
  // "well-known" may break after its hyphen; "-5" or "--" may not
  return prev === '-' && isAlnum(prevPrev) && isAlnum(next);
}

type Piece = { span: number; text: string };
type Box = { pieces: Piece[]; width: number; space: number; spaceSpan: number };

function boxes(m: Metrics, spans: Span[]): Box[] {
  const out: Box[] = [];
  let pendingSpace = -1;
  let prev = '';
  let prevPrev = '';
  let glueNext = false;
  spans.forEach((span, si) => {
    const text = span.keep ? span.text.trim().replace(/\s+/g, ' ') : span.text;
    let first = true;
    for (const ch of text) {
      if (!span.keep && /\s/.test(ch) && ch !== '\u00a0' && ch !== '\u3000') {
        if (out.length && pendingSpace < 0) pendingSpace = si;
        continue;
      }
      const glued = first && (span.attach === 'prev' || glueNext);
      const brk =
        !out.length || pendingSpace >= 0 || (!glued && !(span.keep && !first) && canBreak(prev, ch, prevPrev));
      if (brk) out.push({ pieces: [], width: 0, space: 0, spaceSpan: pendingSpace });
      const box = out[out.length - 1];
      const last = box.pieces[box.pieces.length - 1];
      if (last && last.span === si) last.text += ch;
      else box.pieces.push({ span: si, text: ch });
      pendingSpace = -1;
      prevPrev = prev;
      prev = ch;
      first = false;
      glueNext = false;
    }
    if (span.attach === 'next' && !first) glueNext = true;
  });
  for (const b of out) {
    for (const p of b.pieces) b.width += m.width(spans[p.span].face, spans[p.span].size, p.text);
    if (b.spaceSpan >= 0) b.space = m.width(spans[b.spaceSpan].face, spans[b.spaceSpan].size, ' ');
  }
  return out;
}

type Item = { piece: Piece; width: number; space: number; spaceSpan: number };

/**
 * `spans` broken into lines `width` points wide; lines after the first are indented by `hang`
 * (and so narrower). With `justify`, every line but the last may be stretched when drawn.
 */
export function wrap(m: Metrics, spans: Span[], width: number, o: { hang?: number; justify?: boolean } = {}): Line[] {
  const hang = o.hang ?? 0;
  const main = spans.filter((s) => !s.sup);
  const metrics = (main.length ? main : spans).map((s) => m.line(s.face, s.size));
  const ascent = Math.max(...metrics.map((v) => v.ascent));
  const height = Math.max(...metrics.map((v) => v.height));
  const baseSize = Math.max(...(main.length ? main : spans).map((s) => s.size));

  const lines: Item[][] = [];
  let cur: Item[] = [];
  let used = 0;
  const room = () => (lines.length ? width - hang : width);
  const flush = () => {
    lines.push(cur);
    cur = [];
    used = 0;
  };
  for (const box of boxes(m, spans)) {
    let space = cur.length ? box.space : 0;
    if (cur.length && used + space + box.width > room() + 0.01) {
      if (box.width <= width - hang) {
        flush();
        space = 0;
      }
    }
    if (used + space + box.width <= room() + 0.01) {
      box.pieces.forEach((p, i) => {
        const w = m.width(spans[p.span].face, spans[p.span].size, p.text);
        cur.push({ piece: p, width: w, space: i === 0 ? space : 0, spaceSpan: box.spaceSpan });
        used += w + (i === 0 ? space : 0);
      });
      continue;
    }
    // Wider than a whole line: broken between characters, starting where the line stands.
    let pendingSpace = space;
    for (const p of box.pieces) {
      const s = spans[p.span];
      let chunk = '';
      let chunkWidth = 0;
      for (const ch of p.text) {
        const w = m.width(s.face, s.size, ch);
        if (used + pendingSpace + chunkWidth + w > room() + 0.01 && (chunk || cur.length)) {
          if (chunk)
            cur.push({
              piece: { span: p.span, text: chunk },
              width: chunkWidth,
              space: pendingSpace,
              spaceSpan: box.spaceSpan,
            });
          flush();
          pendingSpace = 0;
          chunk = '';
          chunkWidth = 0;
        }
        chunk += ch;
        chunkWidth += w;
      }
      if (chunk) {
        cur.push({
          piece: { span: p.span, text: chunk },
          width: chunkWidth,
          space: pendingSpace,
          spaceSpan: box.spaceSpan,
        });
        used += pendingSpace + chunkWidth;
        pendingSpace = 0;
      }
    }
  }
  if (cur.length) flush();

  const key = (s: Span) => (s.sup ? '' : `${s.face}|${s.size}|${s.color ?? INK}|${Boolean(s.oblique)}`);
  return lines.map((items, li) => {
    const frags: (Frag & { key: string })[] = [];
    let x = 0;
    for (const it of items) {
      const s = spans[it.piece.span];
      const k = key(s);
      const last = frags[frags.length - 1];
      // One style, one frag: fewer, longer strings for pdfkit to shape and draw.
      if (last && k && last.key === k && (!it.space || key(spans[it.spaceSpan]) === k)) {
        last.text += (it.space ? ' ' : '') + it.piece.text;
        last.width += it.space + it.width;
        x += it.space + it.width;
        continue;
      }
      x += it.space;
      const v = m.line(s.face, s.size);
      // A superscript's baseline sits about 0.38 of the line's size above the line's baseline.
      const dy = ascent - v.ascent - (s.sup ? baseSize * 0.38 : 0);
      frags.push({
        x,
        dy,
        text: it.piece.text,
        width: it.width,
        face: s.face,
        size: s.size,
        color: s.color ?? INK,
        oblique: Boolean(s.oblique),
        key: k,
      });
      x += it.width;
    }
    const indent = li ? hang : 0;
    return {
      frags: frags.map(({ key: _key, ...f }) => f),
      width: x,
      indent,
      room: width - indent,
      height,
      justify: Boolean(o.justify) && li < lines.length - 1 && frags.length === 1,
    };
  });
}
