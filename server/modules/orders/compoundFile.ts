/**
 * The container of the old binary Excel format (.xls): an OLE2 compound file (MS-CFB), whose
 * header, FAT (through the DIFAT), directory and sector chains lead to the workbook's stream of
 * BIFF records, which statementXls.ts reads. Written by hand, for files that come from outside:
 * every offset is checked against the bytes it points into, every chain is followed at most once
 * per sector, every size a file declares is bounded by the file; a damaged or hostile file throws
 * `Refused` (a message key; readXls answers it, and a read past the end, as a refusal), never a
 * hang or large memory.
 */

/** Why the file cannot be read: the message key and, for too many rows, its limit. */
export type XlsRefusal = { error: 'orders:xlsInvalid' | 'orders:xlsOld' | 'orders:csvTooManyRows' | 'orders:csvEmpty' };

/** A refusal carried up through the reader's helpers; turned into XlsRefusal at the one entry point. */
export class Refused extends Error {
  constructor(readonly key: XlsRefusal['error']) {
    super(key);
  }
}
export const damaged = (): never => {
  throw new Refused('orders:xlsInvalid');
};

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECT = 0xffffffff;
const MAX_REG_SECT = 0xfffffffa;
/** Directory entries name their streams in UTF-16LE. */
const NAMES = new TextDecoder('utf-16le');

/** The workbook stream ("Workbook", BIFF8; or "Book", BIFF5) of a compound file, whole. */
export function workbookStream(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 512) damaged();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const major = u16(0x1a);
  const shift = u16(0x1e);
  if (u16(0x1c) !== 0xfffe || !((major === 3 && shift === 9) || (major === 4 && shift === 12)) || u16(0x20) !== 6)
    damaged();
  const size = 1 << shift;
  // Sectors after the header; a last one cut short still counts (its bytes are checked when read).
  const sectors = Math.ceil((bytes.length - size) / size);
  if (sectors <= 0) damaged();
  const sector = (id: number): Uint8Array => {
    if (id >= sectors) damaged();
    const from = (id + 1) * size;
    return bytes.subarray(from, Math.min(from + size, bytes.length));
  };
  const entriesPerSector = size / 4;

  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatCount = u32(0x2c);
  if (fatCount > sectors) damaged();
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  const difatSeen = new Set<number>();
  while (fatSectors.length < fatCount) {
    if (difat >= MAX_REG_SECT || difatSeen.has(difat)) damaged();
    difatSeen.add(difat);
    const s = sector(difat);
    if (s.length < size) damaged();
    const sv = new DataView(s.buffer, s.byteOffset, s.byteLength);
    for (let i = 0; i < entriesPerSector - 1 && fatSectors.length < fatCount; i++)
      fatSectors.push(sv.getUint32(i * 4, true));
    difat = sv.getUint32(size - 4, true);
  }
  const fat = new Uint32Array(fatSectors.length * entriesPerSector);
  fatSectors.forEach((id, i) => {
    const s = sector(id);
    const sv = new DataView(s.buffer, s.byteOffset, s.byteLength);
    for (let j = 0; j * 4 + 4 <= s.length; j++) fat[i * entriesPerSector + j] = sv.getUint32(j * 4, true);
  });

  /** A chain's sector ids; each sector at most once (a loop is a damaged file, not a hang). */
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (let id = start; id !== END_OF_CHAIN; id = table[id]) {
      if (id >= table.length || id >= limit || seen.has(id) || ids.length >= limit) damaged();
      seen.add(id);
      ids.push(id);
    }
    return ids;
  };
  /** A chain's bytes: `length` of them (a chain shorter than its stream says is a damaged file), or all its sectors'. */
  const fatBytes = (start: number, length?: number): Uint8Array => {
    const ids = chain(start, fat, sectors);
    const out = new Uint8Array(ids.length * size);
    let at = 0;
    for (const id of ids) {
      const s = sector(id);
      out.set(s, at);
      at += s.length;
    }
    // The directory and the mini FAT are whole sectors: one cut short is a truncated file.
    if (length === undefined) return at < out.length ? damaged() : out;
    if (at < length) damaged();
    return out.subarray(0, length);
  };

  // The directory: 128-byte entries; the root (type 5) holds the mini stream.
  const directory = fatBytes(u32(0x30));
  const dv = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  type Entry = { name: string; type: number; start: number; size: number };
  const entries: Entry[] = [];
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameBytes = Math.min(dv.getUint16(at + 64, true), 64);
    const name = NAMES.decode(directory.subarray(at, at + Math.max(0, nameBytes - 2)));
    // A v3 file's size is 32 bits (its high half may hold garbage); a v4 file's is 64, and never beyond the file.
    const high = major === 4 ? dv.getUint32(at + 124, true) : 0;
    entries.push({
      name,
      type: dv.getUint8(at + 66),
      start: dv.getUint32(at + 116, true),
      size: high ? Infinity : dv.getUint32(at + 120, true),
    });
  }
  const root = entries.find((e) => e.type === 5);
  const book =
    entries.find((e) => e.type === 2 && /^workbook$/i.test(e.name)) ??
    entries.find((e) => e.type === 2 && /^book$/i.test(e.name));
  // A compound file without a workbook (a Word document, an encrypted OOXML package) is not a sheet we can read.
  if (!root || !book) throw new Refused('orders:xlsOld');
  if (book.size > bytes.length) damaged();
  if (book.size >= u32(0x38) || book.start === END_OF_CHAIN) return fatBytes(book.start, book.size);

  // A small stream lives in the mini stream, in 64-byte sectors chained by the mini FAT.
  if (root.size > bytes.length) damaged();
  const miniStream = fatBytes(root.start, root.size);
  const miniFatStart = u32(0x3c);
  if (miniFatStart === END_OF_CHAIN || miniFatStart === FREE_SECT) damaged();
  const miniFatRaw = fatBytes(miniFatStart);
  const mv = new DataView(miniFatRaw.buffer, miniFatRaw.byteOffset, miniFatRaw.byteLength);
  const miniFat = new Uint32Array(miniFatRaw.length / 4);
  for (let i = 0; i < miniFat.length; i++) miniFat[i] = mv.getUint32(i * 4, true);
  const out = new Uint8Array(book.size);
  let at = 0;
  for (const id of chain(book.start, miniFat, Math.ceil(miniStream.length / 64))) {
    if (at >= book.size) break;
    const piece = miniStream.subarray(id * 64, Math.min(id * 64 + 64, miniStream.length, id * 64 + book.size - at));
    out.set(piece, at);
    at += piece.length;
  }
  if (at < book.size) damaged();
  return out;
}
