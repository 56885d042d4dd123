/**
 * The old binary Excel format (.xls) as Chinese banks still export it (issue 32): an OLE2 compound
 * file (MS-CFB) holding a "Workbook" stream of BIFF8 records (Excel 97–2003), or a "Book" stream of
 * BIFF5 (Excel 95, strings in the workbook's code page, GBK for a Chinese one). Read in the worker
 * pool (statementFile.ts) into rows of cell texts, as the .xlsx path reads its cells: the container
 * by compoundFile.ts, its BIFF records here.
 *
 * Written by hand, not with a library: the container reader of the one maintained package follows
 * some sector chains without a loop check, and the files come from outside. Every offset is checked
 * against the bytes it points into, every chain is followed at most once per sector, every count a
 * file declares is bounded by the bytes that hold it, and rows and columns are capped: a damaged or
 * hostile file ends in a `XlsRefusal` (a message key), never an exception, a hang or large memory.
 *
 * Cells read: shared strings (SST and its CONTINUE records, 8- and 16-bit characters, rich-text and
 * phonetic runs skipped), LABELSST, LABEL/RSTRING, NUMBER, RK, MULRK, FORMULA's cached result (a
 * number, a string from the STRING record after it, a boolean; an error is blank), BOOLERR. A number
 * whose cell format is a date (built-in or the workbook's own FORMAT, Chinese "yyyy年m月d日" too) is
 * the day "YYYY-MM-DD" (1900 or 1904 date system); other numbers are their shortest decimal.
 */
import { damaged, Refused, workbookStream, type XlsRefusal } from './compoundFile';

export type XlsSheet = { rows: string[][]; encoding: string };
export type { XlsRefusal };

/** BIFF8's own limit: columns A..IV. A hostile column number beyond it is not a cell of a statement. */
const MAX_COLUMNS = 256;

/** The workbook's rows (the first worksheet with cells), at most `maxRows` non-blank ones. */
export function readXls(bytes: Uint8Array, maxRows: number): XlsSheet | XlsRefusal {
  try {
    const stream = workbookStream(bytes);
    return sheetOf(stream, maxRows);
  } catch (err) {
    if (err instanceof Refused) return { error: err.key };
    // A RangeError from a DataView read past its end is a damaged file too; anything else is ours.
    if (err instanceof RangeError) return { error: 'orders:xlsInvalid' };
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The BIFF records.

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  CONTINUE: 0x003c,
  CODEPAGE: 0x0042,
  DATEMODE: 0x0022,
  FILEPASS: 0x002f,
  FORMAT: 0x041e,
  XF: 0x00e0,
  SST: 0x00fc,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;
/** BOF records of BIFF2, 3 and 4 (Excel 2.x–4.0): formats no bank exports any more; refused as such. */
const OLD_BOFS = new Set([0x0009, 0x0209, 0x0409]);
const WORKSHEET = 0x0010;
/** SHRFMLA, ARRAY, TABLE: may stand between a FORMULA and its STRING. */
const FORMULA_COMPANIONS = new Set([0x04bc, 0x0221, 0x0236]);

/** Code pages of BIFF5 byte strings, as TextDecoder names them (936 read as GB18030, GBK's superset). */
const CODEPAGES: Record<number, string> = {
  936: 'gb18030',
  950: 'big5',
  932: 'shift_jis',
  949: 'euc-kr',
  874: 'windows-874',
  1200: 'utf-16le',
  65001: 'utf-8',
  10000: 'macintosh',
};
for (let cp = 1250; cp <= 1258; cp++) CODEPAGES[cp] = `windows-${cp}`;

type Record_ = { type: number; data: Uint8Array; view: DataView };

/** The stream's records one after another; each one's length checked against the stream. */
function recordsOf(stream: Uint8Array): () => Record_ | null {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let at = 0;
  return () => {
    // Trailing bytes shorter than a record header are padding (the stream is sector-sized).
    if (at + 4 > stream.length) return null;
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > stream.length) damaged();
    const data = stream.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return { type, data, view: new DataView(data.buffer, data.byteOffset, data.byteLength) };
  };
}

/** Characters of a BIFF8 string: 8-bit ones are the low bytes of UTF-16 (Latin-1), else UTF-16LE. */
const UTF16 = new TextDecoder('utf-16le');
const LATIN1 = new TextDecoder('latin1');
const chars = (bytes: Uint8Array, wide: boolean): string =>
  wide ? UTF16.decode(bytes.subarray(0, bytes.length & ~1)) : LATIN1.decode(bytes);

type Strings = { biff8: boolean; decoder: TextDecoder };

/** A string in a record: BIFF8's XLUnicodeString (count, flags, characters) or BIFF5's count and code-page bytes. */
function stringAt(r: Record_, at: number, s: Strings, countBytes: 1 | 2 = 2): string {
  const count = countBytes === 1 ? r.view.getUint8(at) : r.view.getUint16(at, true);
  at += countBytes;
  if (!s.biff8) return s.decoder.decode(r.data.subarray(at, at + count));
  const flags = r.view.getUint8(at);
  at += 1;
  const wide = (flags & 1) === 1;
  if (flags & 0x08) at += 2; // rich-text run count: the runs follow the characters, not read
  if (flags & 0x04) at += 4; // phonetic block size: likewise
  return chars(r.data.subarray(at, at + count * (wide ? 2 : 1)), wide);
}

/**
 * The shared strings: SST's data and its CONTINUE records as one sequence, except that a string's
 * characters cut by a CONTINUE go on with a fresh flags byte (8- or 16-bit may change there).
 * At most as many strings as the bytes can hold: the declared count is not trusted.
 */
function sharedStrings(parts: Uint8Array[]): string[] {
  let part = 0;
  let at = 8; // total and unique counts
  const left = () => (part < parts.length ? parts[part].length - at : 0);
  const next = (): boolean => {
    while (part < parts.length && at >= parts[part].length) {
      part++;
      at = 0;
    }
    return part < parts.length;
  };
  const u8 = (): number => {
    if (!next()) damaged();
    return parts[part][at++];
  };
  const u16 = () => u8() | (u8() << 8);
  const u32 = () => (u16() | (u16() << 16)) >>> 0;
  const skip = (n: number) => {
    while (n > 0) {
      if (!next()) damaged();
      const step = Math.min(n, left());
      at += step;
      n -= step;
    }
  };
  if (!parts.length || parts[0].length < 8) damaged();
  const unique = new DataView(parts[0].buffer, parts[0].byteOffset, 8).getUint32(4, true);
  const out: string[] = [];
  while (out.length < unique && next()) {
    const count = u16();
    const flags = u8();
    let wide = (flags & 1) === 1;
    const runs = flags & 0x08 ? u16() : 0;
    const phonetic = flags & 0x04 ? u32() : 0;
    let text = '';
    let remaining = count;
    for (let first = true; remaining > 0; first = false) {
      if (!first) {
        // The characters go on in the next CONTINUE, which starts with their width (8- or 16-bit).
        part++;
        at = 0;
        if (part >= parts.length || !parts[part].length) damaged();
        wide = (parts[part][at++] & 1) === 1;
      }
      const width = wide ? 2 : 1;
      const take = Math.min(remaining, Math.floor(left() / width));
      // A 16-bit character cut in half is not a place where Excel cuts.
      if (take === 0 && left() > 0) damaged();
      text += chars(parts[part].subarray(at, at + take * width), wide);
      at += take * width;
      remaining -= take;
    }
    skip(runs * 4 + phonetic);
    out.push(text);
  }
  return out;
}

/** Number formats that show a date: Excel's built-in ids, or a format with a date code outside quotes and brackets. */
const BUILTIN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[ymdhs]/i.test(bare.split(';')[0]) && !/^general$/i.test(bare.trim());
}

/** A date serial as the day it names ("YYYY-MM-DD"), or the time of day when it has no day. */
function dateText(serial: number, date1904: boolean): string {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2958465) return String(serial);
  if (serial < 1 && !date1904) {
    const seconds = Math.round(serial * 86400);
    const hh = Math.floor(seconds / 3600) % 24;
    return [hh, Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
  }
  // 1900 system: day 1 is 1900-01-01, and Excel counts a 29 February 1900 that never was (day 60).
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Date.UTC(1899, 11, 30) + Math.floor(days) * 86400000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** An RK value: a 30-bit integer or the high 30 bits of a double, divided by 100 when its flag says so. */
const scratch = new DataView(new ArrayBuffer(8));
function rk(value: number): number {
  let n: number;
  if (value & 2) n = value >> 2;
  else {
    scratch.setUint32(0, 0, true);
    scratch.setUint32(4, (value & 0xfffffffc) >>> 0, true);
    n = scratch.getFloat64(0, true);
  }
  return value & 1 ? n / 100 : n;
}

function sheetOf(stream: Uint8Array, maxRows: number): XlsSheet | XlsRefusal {
  const next = recordsOf(stream);
  const bof = next() ?? damaged();
  if (OLD_BOFS.has(bof.type)) throw new Refused('orders:xlsOld');
  if (bof.type !== R.BOF || bof.data.length < 4) damaged();
  const version = bof.view.getUint16(0, true);
  if (version !== 0x0600 && version !== 0x0500) throw new Refused('orders:xlsOld');
  const biff8 = version === 0x0600;

  // The workbook globals: code page, date system, number formats, cell formats, shared strings.
  let codepage = 1252;
  let date1904 = false;
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const sstParts: Uint8Array[] = [];
  let inSst = false;
  for (let r = next(); r && r.type !== R.EOF; r = next()) {
    if (r.type === R.CONTINUE && inSst) {
      sstParts.push(r.data);
      continue;
    }
    inSst = false;
    const s: Strings = { biff8, decoder: decoderOf(codepage) };
    switch (r.type) {
      case R.FILEPASS:
        // Encrypted with a password: not readable without it.
        throw new Refused('orders:xlsOld');
      case R.CODEPAGE:
        codepage = r.view.getUint16(0, true);
        break;
      case R.DATEMODE:
        date1904 = r.view.getUint16(0, true) === 1;
        break;
      case R.FORMAT:
        formats.set(r.view.getUint16(0, true), stringAt(r, 2, s, biff8 ? 2 : 1));
        break;
      case R.XF:
        xfFormats.push(r.view.getUint16(2, true));
        break;
      case R.SST:
        if (biff8) {
          sstParts.push(r.data);
          inSst = true;
        }
        break;
    }
  }
  const sst = sstParts.length ? sharedStrings(sstParts) : [];
  const strings: Strings = { biff8, decoder: decoderOf(codepage) };
  // Whether each cell format shows a date, decided once per format rather than per cell.
  const dateXfs = xfFormats.map((id) => {
    const code = formats.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATES.has(id);
  });
  const isDate = (xf: number) => dateXfs[xf] === true;
  const numberText = (n: number, xf: number) =>
    isDate(xf) ? dateText(n, date1904) : Number.isFinite(n) ? String(n) : '';

  // The sheets: the first worksheet that has cells. Charts and other substreams nest their own BOF/EOF.
  let depth = 0;
  let worksheet = false;
  let cells = new Map<number, string[]>();
  let pendingString: { row: number; col: number } | null = null;
  const put = (row: number, col: number, raw: string) => {
    const text = raw.trim();
    if (col >= MAX_COLUMNS || text === '') return;
    let cellsOfRow = cells.get(row);
    if (!cellsOfRow) {
      if (cells.size >= maxRows) throw new Refused('orders:csvTooManyRows');
      cellsOfRow = [];
      cells.set(row, cellsOfRow);
    }
    cellsOfRow[col] = text;
  };
  for (let r = next(); r; r = next()) {
    if (r.type === R.BOF) {
      depth++;
      if (depth === 1) {
        worksheet = r.data.length >= 4 && r.view.getUint16(2, true) === WORKSHEET;
        cells = new Map();
      }
      continue;
    }
    if (r.type === R.EOF) {
      depth--;
      if (depth === 0 && [...cells.values()].some((row) => row.some(Boolean))) break;
      if (depth < 0) damaged();
      continue;
    }
    if (depth !== 1 || !worksheet) continue;
    const v = r.view;
    if (r.type === R.STRING && pendingString) {
      put(pendingString.row, pendingString.col, stringAt(r, 0, strings));
      pendingString = null;
      continue;
    }
    // A formula's string comes in the STRING record after it (a shared or array formula's record may come between).
    if (pendingString && FORMULA_COMPANIONS.has(r.type)) continue;
    pendingString = null;
    switch (r.type) {
      case R.LABELSST: {
        const index = v.getUint32(6, true);
        if (index >= sst.length) damaged();
        put(v.getUint16(0, true), v.getUint16(2, true), sst[index]);
        break;
      }
      case R.LABEL:
      case R.RSTRING:
        put(v.getUint16(0, true), v.getUint16(2, true), stringAt(r, 6, strings));
        break;
      case R.NUMBER:
        put(v.getUint16(0, true), v.getUint16(2, true), numberText(v.getFloat64(6, true), v.getUint16(4, true)));
        break;
      case R.RK:
        put(v.getUint16(0, true), v.getUint16(2, true), numberText(rk(v.getInt32(6, true)), v.getUint16(4, true)));
        break;
      case R.MULRK: {
        const row = v.getUint16(0, true);
        const firstCol = v.getUint16(2, true);
        // Six bytes per cell between the first column and the last column's two bytes.
        const count = Math.floor((r.data.length - 6) / 6);
        for (let i = 0; i < count; i++)
          put(row, firstCol + i, numberText(rk(v.getInt32(4 + i * 6 + 2, true)), v.getUint16(4 + i * 6, true)));
        break;
      }
      case R.FORMULA: {
        const row = v.getUint16(0, true);
        const col = v.getUint16(2, true);
        if (v.getUint16(12, true) !== 0xffff) put(row, col, numberText(v.getFloat64(6, true), v.getUint16(4, true)));
        else if (v.getUint8(6) === 0) pendingString = { row, col };
        else if (v.getUint8(6) === 1) put(row, col, v.getUint8(8) ? 'TRUE' : 'FALSE');
        break;
      }
      case R.BOOLERR:
        if (v.getUint8(7) === 0) put(v.getUint16(0, true), v.getUint16(2, true), v.getUint8(6) ? 'TRUE' : 'FALSE');
        break;
    }
  }
  const rows = [...cells.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, row]) => Array.from(row, (c) => c ?? ''))
    .filter((row) => row.some(Boolean));
  if (!rows.length) throw new Refused('orders:csvEmpty');
  return { rows, encoding: !biff8 && codepage === 936 ? 'gb18030' : 'xlsx' };
}

function decoderOf(codepage: number): TextDecoder {
  try {
    return new TextDecoder(CODEPAGES[codepage] ?? 'windows-1252');
  } catch {
    return new TextDecoder('windows-1252');
  }
}
