/**
 * Secrets at rest (a conference's SMTP password, its payment credentials): AES-256-GCM with a key
 * derived from the platform secret and a purpose, so one purpose's stored values never open with
 * another's key. Stored as `iv.tag.data`, each base64url; a value sealed twice differs (random iv).
 *
 * The key is sha256('<purpose>:<secret>'): 'mail-config' is the derivation the mail settings
 * have used since they were first stored, so existing rows still open.
 */
import crypto from 'node:crypto';

export type Sealer = {
  seal(plain: string): string;
  /** throws when the value was not sealed with this secret and purpose, or was altered */
  open(stored: string): string;
};

export function sealer(secret: string, purpose: string): Sealer {
  const key = crypto.createHash('sha256').update(`${purpose}:${secret}`).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(stored) {
      const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}
