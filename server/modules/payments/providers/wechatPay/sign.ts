/**
 * WeChat Pay API v3's signatures (pay.weixin.qq.com/docs/merchant/development/interface-rules/):
 *
 * - a request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,
 *   timestamp=…,serial_no=…`, the signature being RSA-SHA256 (the merchant's API key) of
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - an answer and a notification carry Wechatpay-Timestamp/-Nonce/-Signature/-Serial, the signature
 *   over `TIMESTAMP\nNONCE\nBODY\n` with the platform's key. Wechatpay-Serial names either the platform
 *   certificate (its serial number, hex) or the platform public key (its id, `PUB_KEY_ID_…`): both
 *   are accepted, whichever the merchant configured;
 * - a notification's resource is AES-256-GCM with the APIv3 key (the 16-byte tag ends the base64
 *   ciphertext; the nonce is the IV; associated_data the AAD).
 */
import crypto from 'node:crypto';
import type { MethodConfig } from '../../../../contract/payments';

export const SKEW_SECONDS = 5 * 60;

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export function authorization(
  config: MethodConfig,
  method: string,
  pathWithQuery: string,
  body: string,
  now = Date.now(),
): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .createSign('RSA-SHA256')
    .update(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`)
    .sign(config.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${config.merchantId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.merchantSerialNo}"`;
}

/** A certificate serial as compared: upper case, without the leading zeros DER may add. */
const serialKey = (s: string) => s.toUpperCase().replace(/^0+(?=.)/, '');

/** The platform's verification keys by the name Wechatpay-Serial gives them. */
export function platformKeys(config: MethodConfig): Map<string, crypto.KeyObject> {
  const keys = new Map<string, crypto.KeyObject>();
  if (config.platformCertificate) {
    const cert = new crypto.X509Certificate(config.platformCertificate);
    keys.set(serialKey(cert.serialNumber), cert.publicKey);
  }
  if (config.platformPublicKey && config.platformPublicKeyId)
    keys.set(config.platformPublicKeyId.toUpperCase(), crypto.createPublicKey(config.platformPublicKey));
  return keys;
}

/** Why a signed answer or notification is not genuine, or null when it is. */
export function refusalOf(
  config: MethodConfig,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now: number,
): string | null {
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  const serial = headerOf(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return 'unsigned (a Wechatpay-* header is missing)';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SKEW_SECONDS)
    return `stale or malformed timestamp ${timestamp.slice(0, 20)}`;
  let key: crypto.KeyObject | undefined;
  try {
    key = platformKeys(config).get(serialKey(serial));
  } catch {
    return 'the configured platform certificate or key does not parse';
  }
  if (!key) return `unknown platform certificate or key ${serial.slice(0, 64)}`;
  const ok = crypto
    .createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(key, signature, 'base64');
  return ok ? null : 'the signature does not verify';
}

export type EncryptedResource = { algorithm: string; ciphertext: string; associated_data?: string; nonce: string };

export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The inverse, for the tests' fake gateway. */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
): EncryptedResource {
  const nonce = crypto.randomBytes(6).toString('hex');
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce };
}
