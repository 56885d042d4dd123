/**
 * Alipay open platform RSA2 signatures (opendocs.alipay.com, "自行实现签名" / "自行实现验签"):
 *
 * - a request's parameters, without `sign` and without empty values, sorted by name, joined as
 *   `name=value&…` with the values as they are (not URL-encoded), RSA-SHA256 with the application's
 *   private key, base64;
 * - an answer `{"<method>_response":{…},"sign":"…"}`: the signature covers the exact text of the
 *   response object as it came over the wire, so that text is cut out, never re-serialised;
 * - a notification (a form post): every parameter but `sign` and `sign_type`, decoded, sorted and
 *   joined the same way, verified with Alipay's public key.
 */
import crypto from 'node:crypto';

export function signingText(params: Record<string, string>, leaveOut: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (text: string, privateKeyPem: string) =>
  crypto.createSign('RSA-SHA256').update(text, 'utf8').sign(privateKeyPem, 'base64');

export function rsa2Verify(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The text of the value of `key` in a JSON object's text: from its `{` to the matching `}`, strings respected. */
export function rawObjectOf(json: string, key: string): string | null {
  const at = json.indexOf(`"${key}"`);
  if (at < 0) return null;
  const start = json.indexOf('{', at + key.length + 2);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return json.slice(start, i + 1);
  }
  return null;
}
