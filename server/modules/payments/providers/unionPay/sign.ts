/**
 * UnionPay online gateway 5.1.0 signatures (open.unionpay.com, 网关支付 5.1.0, signMethod 01):
 * the fields but `signature`, blank ones left out, sorted by name and joined `name=value&…`; the
 * SHA-256 of that text as lower-case hex; that hex signed with RSA-SHA256 by the merchant's key,
 * base64. The merchant's key and certificate come from the PKCS#12 file the bank issues (its
 * serial number, in decimal, is the request's certId). Answers and notifications are verified the
 * same way with the gateway's signing certificate; the certificate they carry (signPubKeyCert)
 * must be the one configured.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';
import { AppError } from '../../../../platform/errors';

export type SigningKey = { key: crypto.KeyObject; certId: string };

const digestText = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'signature' && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export function signFields(fields: Record<string, string>, signing: SigningKey): Record<string, string> {
  const withCert = Object.fromEntries(Object.entries({ ...fields, certId: signing.certId }).filter(([, v]) => v !== '' && v !== undefined));
  return { ...withCert, signature: crypto.createSign('RSA-SHA256').update(sha256Hex(digestText(withCert)), 'utf8').sign(signing.key, 'base64') };
}

/** Why signed fields are not the gateway's, or null when they are. */
export function refusalOf(fields: Record<string, string>, certificatePem: string): string | null {
  if (!fields.signature) return 'unsigned';
  let cert: crypto.X509Certificate;
  try {
    cert = new crypto.X509Certificate(certificatePem);
  } catch {
    return 'the configured certificate does not parse';
  }
  if (fields.signPubKeyCert) {
    let carried: crypto.X509Certificate;
    try {
      carried = new crypto.X509Certificate(fields.signPubKeyCert);
    } catch {
      return 'signPubKeyCert does not parse';
    }
    if (carried.fingerprint256 !== cert.fingerprint256) return `signed by another certificate (serial ${carried.serialNumber.slice(0, 40)})`;
  }
  const ok = crypto.createVerify('RSA-SHA256').update(sha256Hex(digestText(fields)), 'utf8').verify(cert.publicKey, fields.signature, 'base64');
  return ok ? null : 'the signature does not verify';
}

export const decimalSerial = (hex: string) => BigInt(`0x${hex}`).toString(10);

const opened = new Map<string, SigningKey>();

/**
 * The merchant's signing key from the configured file: a "PKCS12" PEM block (a .pfx read on the
 * screen) opened with its password, or PEM text holding the (encrypted) key and its certificate.
 * Opened once per file and password (node-forge is slow), at most 100 kept.
 */
export function signingKeyOf(privateKeyCertificate: string, password: string, field = 'privateKeyCertificate'): SigningKey {
  const id = crypto.createHash('sha256').update(`${privateKeyCertificate}\u0000${password}`).digest('hex');
  const known = opened.get(id);
  if (known) return known;
  const signing = /-----BEGIN PKCS12-----/.test(privateKeyCertificate) ? fromPkcs12(privateKeyCertificate, password, field) : fromPem(privateKeyCertificate, password, field);
  if (opened.size >= 100) opened.clear();
  opened.set(id, signing);
  return signing;
}

function fromPkcs12(pem: string, password: string, field: string): SigningKey {
  const base64 = /-----BEGIN PKCS12-----([\s\S]*?)-----END PKCS12-----/.exec(pem)?.[1].replace(/\s+/g, '') ?? '';
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(base64)), password);
  } catch (err) {
    // forge says "Invalid password?" when the MAC does not match.
    throw new AppError(400, /password/i.test(String((err as Error).message)) ? 'payments:certificatePasswordWrong' : 'payments:certificateInvalid', /password/i.test(String((err as Error).message)) ? 'certificatePassword' : field);
  }
  const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ?? p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) throw new AppError(400, 'payments:certificateInvalid', field);
  return { key: crypto.createPrivateKey(forge.pki.privateKeyToPem(keyBag.key)), certId: decimalSerial(certBag.cert.serialNumber) };
}

function fromPem(pem: string, password: string, field: string): SigningKey {
  const keyPem = /-----BEGIN (?:ENCRYPTED |RSA )?PRIVATE KEY-----[\s\S]*?-----END (?:ENCRYPTED |RSA )?PRIVATE KEY-----/.exec(pem)?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.exec(pem)?.[0];
  if (!keyPem || !certPem) throw new AppError(400, 'payments:certificateInvalid', field);
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: keyPem, passphrase: password || undefined });
  } catch {
    throw new AppError(400, keyPem.includes('ENCRYPTED') ? 'payments:certificatePasswordWrong' : 'payments:certificateInvalid', keyPem.includes('ENCRYPTED') ? 'certificatePassword' : field);
  }
  try {
    return { key, certId: decimalSerial(new crypto.X509Certificate(certPem).serialNumber) };
  } catch {
    throw new AppError(400, 'payments:certificateInvalid', field);
  }
}
