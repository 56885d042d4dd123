/**
 * server/platform/sealed.ts: what the mail settings stored before it existed still opens (the
 * old code path is written out here as it was), purposes keep keys apart, and tampering fails.
 */
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { sealer } from '../../../server/platform/sealed';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** ConferenceSmtp's encrypt() before the sealer was moved out of it. */
function oldMailEncrypt(secret: string, plain: string): string {
  const key = crypto.createHash('sha256').update(`mail-config:${secret}`).digest();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

test('a mail password sealed by the old code opens with the mail-config sealer', () => {
  const stored = oldMailEncrypt(SECRET, 'conference-mail-2027 密码');
  expect(sealer(SECRET, 'mail-config').open(stored)).toBe('conference-mail-2027 密码');
});

test('sealing twice differs, and each opens', () => {
  const s = sealer(SECRET, 'payments');
  const a = s.seal('merchant-key');
  const b = s.seal('merchant-key');
  expect(a).not.toBe(b);
  expect(a).not.toContain('merchant-key');
  expect([s.open(a), s.open(b)]).toEqual(['merchant-key', 'merchant-key']);
});

test('another purpose or secret does not open it, nor does an altered value', () => {
  const stored = sealer(SECRET, 'payments').seal('x');
  expect(() => sealer(SECRET, 'mail-config').open(stored)).toThrow();
  expect(() => sealer(`${SECRET}!`, 'payments').open(stored)).toThrow();
  const [iv, tag, data] = stored.split('.');
  // One bit of the ciphertext flipped (a fixed replacement would equal it once in 256 runs).
  const bytes = Buffer.from(data, 'base64url');
  bytes[0] ^= 1;
  const altered = [iv, tag, bytes.toString('base64url')].join('.');
  expect(() => sealer(SECRET, 'payments').open(altered)).toThrow();
});
