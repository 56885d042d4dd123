/**
 * A kept or shared page's gzip answer made of pieces compressed once (the page's parts) and the
 * visitor's values compressed (or stored) per answer: no whole-page compression per request.
 * pageCache.ts's sendFilledPage writes the pieces as they are.
 */
import zlib from 'node:zlib';

/** What splicing needs of a cut page (pageCache.ts's SlottedPage): its parts, and their bytes and deflated forms, made once and kept on it. */
type SplicedPage = { parts: string[]; bytes?: Buffer[]; deflated?: Buffer[] };

/** The page's parts as bytes, encoded once and kept on the page. */
export function partBytes(page: SplicedPage): Buffer[] {
  return (page.bytes ??= page.parts.map((part) => Buffer.from(part, 'utf8')));
}

/** A value's deflated blocks, kept as long as the value is (a remembered session's values are the same Buffers each time). */
const deflatedValues = new WeakMap<Buffer, Buffer[]>();
const COMPRESS_FROM = 512;

function deflatedValue(value: Buffer): Buffer[] {
  const known = deflatedValues.get(value);
  if (known) return known;
  let blocks: Buffer[];
  if (value.length >= COMPRESS_FROM) {
    blocks = [zlib.deflateRawSync(value, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })];
  } else {
    // Short values go as stored blocks: no compressor to set up for a few bytes.
    blocks = [];
    for (let at = 0; at < value.length; at += STORED_MAX) {
      const piece = value.subarray(at, at + STORED_MAX);
      const head = Buffer.alloc(5);
      head.writeUInt16LE(piece.length, 1);
      head.writeUInt16LE(~piece.length & 0xffff, 3);
      blocks.push(head, piece);
    }
  }
  deflatedValues.set(value, blocks);
  return blocks;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_MAX = 0xffff;

/**
 * CRC-32 continued over these bytes. Node's zlib.crc32 answers 0 for an empty buffer that has no
 * memory behind it (Buffer.from('')), whatever the running value: an empty part (two slots side
 * by side) or an empty value would break the page's check, so empty bytes are skipped.
 */
function crc32(bytes: Buffer, crc: number): number {
  return bytes.length === 0 ? crc : zlib.crc32(bytes, crc);
}

/**
 * A gzip member made of the page's parts, each compressed once by a deflate stream of its own
 * (a fresh stream never refers back to bytes before it, so the pieces can be joined), ended with a
 * sync flush (byte-aligned, not final) except the last, and the person's values between them
 * (compressed the same way, or stored when short). Only the CRC-32 runs over the whole page per
 * request.
 */
export function gzipSpliced(page: SplicedPage, filled: Buffer[]): Buffer {
  return Buffer.concat(gzipSplicedChunks(page, filled));
}

/** gzipSpliced's member as its pieces, to be written one after the other. */
export function gzipSplicedChunks(page: SplicedPage, filled: Buffer[]): Buffer[] {
  const bytes = partBytes(page);
  const deflated = (page.deflated ??= bytes.map((part, i) =>
    zlib.deflateRawSync(part, {
      level: 6,
      finishFlush: i === bytes.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  ));
  const chunks: Buffer[] = [GZIP_HEADER, deflated[0]];
  let crc = crc32(bytes[0], 0);
  let size = bytes[0].length;
  for (let i = 0; i < filled.length; i++) {
    const value = filled[i];
    chunks.push(...deflatedValue(value));
    crc = crc32(value, crc);
    crc = crc32(bytes[i + 1], crc);
    size += value.length + bytes[i + 1].length;
    chunks.push(deflated[i + 1]);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}
