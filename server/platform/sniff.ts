/**
 * What a file really is, from its first bytes (DESIGN.md 5: uploads are checked by content as
 * well as by name; imports tell .xlsx from .xls by them). Only the formats the platform accepts
 * are recognised. Takes a Buffer or the Uint8Array a Buffer becomes in a worker thread.
 */
export type SniffedType = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole';

const SIGNATURES: Array<[SniffedType, number, number[]]> = [
  ['jpg', 0, [0xff, 0xd8, 0xff]],
  ['png', 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['gif', 0, [0x47, 0x49, 0x46, 0x38]],
  ['pdf', 0, [0x25, 0x50, 0x44, 0x46, 0x2d]],
  // docx, xlsx, pptx and zip archives
  ['zip', 0, [0x50, 0x4b, 0x03, 0x04]],
  // doc, xls, ppt (OLE compound files)
  ['ole', 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
];

const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

export function sniff(buffer: Uint8Array): SniffedType | null {
  const at = (offset: number, bytes: number[]) =>
    buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);
  for (const [type, offset, bytes] of SIGNATURES) if (at(offset, bytes)) return type;
  // RIFF....WEBP
  if (at(0, RIFF) && at(8, WEBP)) return 'webp';
  return null;
}

/** Plain UTF-8 text (CSS, TXT): decodes cleanly and has no NUL byte. */
export function isUtf8Text(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
