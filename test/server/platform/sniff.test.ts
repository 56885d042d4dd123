/**
 * The content sniffer every upload and import asks (issue 35: the statement import and the reviewer
 * sheet had copies of its signatures): the same answer for a Buffer and for the Uint8Array a
 * Buffer becomes in a worker thread.
 */
import { expect, test } from 'vitest';
import { isUtf8Text, sniff } from '../../../server/platform/sniff';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

test.each([
  ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
  ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
  ['gif', bytes('GIF89a')],
  ['pdf', bytes('%PDF-1.7')],
  ['zip', bytes([0x50, 0x4b, 0x03, 0x04, 0x14])],
  ['ole', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])],
  ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
] as const)('%s from a Buffer and from a Uint8Array', (type, buffer) => {
  expect(sniff(buffer)).toBe(type);
  expect(sniff(new Uint8Array(buffer))).toBe(type);
});

test('what it does not know, or too few bytes, is nothing', () => {
  expect(sniff(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
  expect(sniff(bytes('RIFF', [1, 2, 3, 4], 'WEB'))).toBeNull();
  expect(sniff(bytes([0x50, 0x4b, 0x03]))).toBeNull();
  expect(sniff(new Uint8Array(0))).toBeNull();
  expect(sniff(bytes('name,amount\n'))).toBeNull();
  expect(isUtf8Text(bytes('name,amount\n'))).toBe(true);
});
