/**
 * UnionPay online gateway 5.1.0 signatures (open.unionpay.com, 网关支付 5.1.0, signMethod 01):
 * the fields but `signature`, blank ones left out, sorted by name and joined `name=value&…`; the
 * SHA-256 of that text as lower-case hex; that hex signed with RSA-SHA256 by the merchant's key,
 * base64. The merchant's key and certificate come from the PKCS#12 file the bank issues (its
 * serial number, in decimal, is the request's certId). Answers and notifications are verified the
 * same way with the certificate they carry (signPubKeyCert), once that certificate is shown to be
 * UnionPay's by the root and intermediate certificates of UnionPay's kit (signerOf).
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
  const withCert = Object.fromEntries(
    Object.entries({ ...fields, certId: signing.certId }).filter(([, v]) => v !== '' && v !== undefined),
  );
  return {
    ...withCert,
    signature: crypto
      .createSign('RSA-SHA256')
      .update(sha256Hex(digestText(withCert)), 'utf8')
      .sign(signing.key, 'base64'),
  };
}

/** What a notification's or an answer's signer is checked against: the conference's copies of UnionPay's CA certificates. */
export type UnionPayTrust = { rootCertificate?: string; middleCertificate?: string; environment?: string };

/** The owner UnionPay's SDK requires in the signing certificate's CN (its third '@' field); its test environment also signs as 00040000:SIGN. */
export const UNIONPAY_OWNER = '中国银联股份有限公司';
const TEST_OWNER = '00040000:SIGN';

const readCertificate = (pem: string | undefined): crypto.X509Certificate | null => {
  try {
    return pem ? new crypto.X509Certificate(pem) : null;
  } catch {
    return null;
  }
};

/** The owner field of a certificate's CN as UnionPay's SDK reads it (`CN=a@b@owner@…`), or ''. */
export function ownerOf(cert: crypto.X509Certificate): string {
  const cn =
    cert.subject
      .split('\n')
      .find((line) => line.startsWith('CN='))
      ?.slice(3) ?? '';
  return cn.split('@')[2] ?? '';
}

const inForce = (cert: crypto.X509Certificate, now: Date) =>
  Date.parse(cert.validFrom) <= now.getTime() && now.getTime() <= Date.parse(cert.validTo);
const issuedBy = (cert: crypto.X509Certificate, issuer: crypto.X509Certificate) =>
  cert.checkIssued(issuer) && cert.verify(issuer.publicKey);

/**
 * Why the conference's root and intermediate certificates cannot anchor a chain, or null: both
 * present and readable, both CAs, the root self-signed, the intermediate issued by the root.
 * Returns the field at fault, for the configuration screen.
 */
export function trustProblem(
  trust: UnionPayTrust,
): { field: 'rootCertificate' | 'middleCertificate'; key: string; reason: string } | null {
  const missing = !trust.rootCertificate ? 'rootCertificate' : !trust.middleCertificate ? 'middleCertificate' : null;
  if (missing)
    return {
      field: missing,
      key: `payments:required.${missing}`,
      reason: "UnionPay's root and intermediate certificates are not configured",
    };
  const root = readCertificate(trust.rootCertificate);
  const middle = readCertificate(trust.middleCertificate);
  if (!root)
    return {
      field: 'rootCertificate',
      key: 'payments:certificateUnreadable',
      reason: 'the configured root certificate does not parse',
    };
  if (!middle)
    return {
      field: 'middleCertificate',
      key: 'payments:certificateUnreadable',
      reason: 'the configured intermediate certificate does not parse',
    };
  if (!root.ca || !issuedBy(root, root))
    return {
      field: 'rootCertificate',
      key: 'payments:rootNotCa',
      reason: 'the configured root certificate is not a self-signed CA',
    };
  if (!middle.ca || !issuedBy(middle, root))
    return {
      field: 'middleCertificate',
      key: 'payments:middleNotFromRoot',
      reason: 'the configured intermediate certificate is not a CA issued by the root',
    };
  return null;
}

/**
 * The signer of a message, as UnionPay's SDK 5.1.0 finds it (AcpService.validate): the
 * certificate the message carries (signPubKeyCert), trusted when it chains to the configured
 * intermediate and root, every link is in force, and its CN names UnionPay as owner. A renewed
 * UnionPay certificate is therefore trusted without a configuration change; one from another CA,
 * an expired one or another owner's is not.
 */
export function signerOf(
  fields: Record<string, string>,
  trust: UnionPayTrust,
  now = new Date(),
): { key: crypto.KeyObject } | { refusal: string } {
  const problem = trustProblem(trust);
  if (problem) return { refusal: problem.reason };
  if (!fields.signPubKeyCert) return { refusal: 'no signPubKeyCert' };
  const carried = readCertificate(fields.signPubKeyCert);
  if (!carried) return { refusal: 'signPubKeyCert does not parse' };
  const root = readCertificate(trust.rootCertificate)!;
  const middle = readCertificate(trust.middleCertificate)!;
  const serial = `serial ${carried.serialNumber.slice(0, 40)}`;
  if (!issuedBy(carried, middle))
    return { refusal: `signPubKeyCert (${serial}) was not issued by the configured intermediate certificate` };
  for (const cert of [carried, middle, root])
    if (!inForce(cert, now))
      return {
        refusal: `a certificate of the chain is not in force (${cert === carried ? serial : cert === middle ? 'intermediate' : 'root'}: ${cert.validFrom} to ${cert.validTo})`,
      };
  const owner = ownerOf(carried);
  if (owner !== UNIONPAY_OWNER && !(trust.environment === 'sandbox' && owner === TEST_OWNER))
    return { refusal: `signPubKeyCert (${serial}) is not UnionPay's (owner "${owner.slice(0, 60)}")` };
  return { key: carried.publicKey };
}

/** Whether fields carry a good signature of `key` (SHA-256 with RSA over the SHA-256 hex of the sorted text). */
export function signatureVerifies(fields: Record<string, string>, key: crypto.KeyObject | string): boolean {
  if (!fields.signature) return false;
  try {
    return crypto
      .createVerify('RSA-SHA256')
      .update(sha256Hex(digestText(fields)), 'utf8')
      .verify(key, fields.signature, 'base64');
  } catch {
    return false;
  }
}

/** Why signed fields are not UnionPay's, or null when they are. */
export function refusalOf(fields: Record<string, string>, trust: UnionPayTrust, now = new Date()): string | null {
  if (!fields.signature) return 'unsigned';
  const signer = signerOf(fields, trust, now);
  if ('refusal' in signer) return signer.refusal;
  return signatureVerifies(fields, signer.key) ? null : 'the signature does not verify';
}

export const decimalSerial = (hex: string) => BigInt(`0x${hex}`).toString(10);

const opened = new Map<string, SigningKey>();

/**
 * The merchant's signing key from the configured file: a "PKCS12" PEM block (a .pfx read on the
 * screen) opened with its password, or PEM text holding the (encrypted) key and its certificate.
 * Opened once per file and password (node-forge is slow), at most 100 kept.
 */
export function signingKeyOf(
  privateKeyCertificate: string,
  password: string,
  field = 'privateKeyCertificate',
): SigningKey {
  const id = crypto.createHash('sha256').update(`${privateKeyCertificate}\u0000${password}`).digest('hex');
  const known = opened.get(id);
  if (known) return known;
  const signing = /-----BEGIN PKCS12-----/.test(privateKeyCertificate)
    ? fromPkcs12(privateKeyCertificate, password, field)
    : fromPem(privateKeyCertificate, password, field);
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
    throw new AppError(
      400,
      /password/i.test(String((err as Error).message))
        ? 'payments:certificatePasswordWrong'
        : 'payments:certificateInvalid',
      { field: /password/i.test(String((err as Error).message)) ? 'certificatePassword' : field },
    );
  }
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) throw new AppError(400, 'payments:certificateInvalid', { field });
  return {
    key: crypto.createPrivateKey(forge.pki.privateKeyToPem(keyBag.key)),
    certId: decimalSerial(certBag.cert.serialNumber),
  };
}

function fromPem(pem: string, password: string, field: string): SigningKey {
  const keyPem =
    /-----BEGIN (?:ENCRYPTED |RSA )?PRIVATE KEY-----[\s\S]*?-----END (?:ENCRYPTED |RSA )?PRIVATE KEY-----/.exec(
      pem,
    )?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.exec(pem)?.[0];
  if (!keyPem || !certPem) throw new AppError(400, 'payments:certificateInvalid', { field });
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: keyPem, passphrase: password || undefined });
  } catch {
    throw new AppError(
      400,
      keyPem.includes('ENCRYPTED') ? 'payments:certificatePasswordWrong' : 'payments:certificateInvalid',
      { field: keyPem.includes('ENCRYPTED') ? 'certificatePassword' : field },
    );
  }
  try {
    return { key, certId: decimalSerial(new crypto.X509Certificate(certPem).serialNumber) };
  } catch {
    throw new AppError(400, 'payments:certificateInvalid', { field });
  }
}
