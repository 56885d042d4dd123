/**
 * Alipay's keys as managers have them. Alipay's key tool and its open-platform console show keys
 * as one line of base64 without PEM lines: the application's private key in PKCS#1 ("RSA2 private
 * key" of the old tool) or PKCS#8 (the Java format), Alipay's public key as SPKI. Such a value is
 * read as DER and kept as PEM (PKCS#8 for the private key, SPKI for the public one), so every
 * later reader takes one form; PEM text is checked and kept as it was typed. A value that is
 * neither is refused with its field: a key that does not parse must not be saved and found out
 * only when the first payer scans.
 */
import crypto from 'node:crypto';
import { AppError } from '../../../../platform/errors';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function readPrivate(text: string): crypto.KeyObject | null {
  if (text.includes('-----BEGIN')) return tryRead(() => crypto.createPrivateKey(text));
  const der = bareDer(text);
  if (!der) return null;
  return (
    tryRead(() => crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })) ??
    tryRead(() => crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }))
  );
}

function readPublic(text: string): crypto.KeyObject | null {
  if (text.includes('-----BEGIN')) return tryRead(() => crypto.createPublicKey(text));
  const der = bareDer(text);
  if (!der) return null;
  return tryRead(() => crypto.createPublicKey({ key: der, format: 'der', type: 'spki' }));
}

/** The bytes of bare base64 (line breaks and spaces allowed, as a copy from a page may have them), or null. */
function bareDer(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return compact && BASE64.test(compact) ? Buffer.from(compact, 'base64') : null;
}

function tryRead(read: () => crypto.KeyObject): crypto.KeyObject | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** The two keys of an Alipay configuration as PEM; an empty field is left empty (the schema says whether it may be). */
export function normalizedKeys(config: Record<string, string>): Record<string, string> {
  const out = { ...config };
  const privateText = (config.privateKey ?? '').trim();
  if (privateText) {
    const key = readPrivate(privateText);
    if (!key || key.asymmetricKeyType !== 'rsa')
      throw new AppError(400, 'payments:keyInvalid', { field: 'privateKey' });
    if (!privateText.includes('-----BEGIN')) out.privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  }
  const publicText = (config.alipayPublicKey ?? '').trim();
  if (publicText) {
    const key = readPublic(publicText);
    if (!key || key.asymmetricKeyType !== 'rsa')
      throw new AppError(400, 'payments:certificateUnreadable', { field: 'alipayPublicKey' });
    if (!publicText.includes('-----BEGIN'))
      out.alipayPublicKey = key.export({ type: 'spki', format: 'pem' }).toString();
  }
  return out;
}
