/**
 * Keys and certificates made for one test run: RSA keys from node:crypto, X.509 certificates and
 * PKCS#12 files from node-forge (node cannot make certificates). Nothing here is a fixture on
 * disk; every run has its own.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';

export type KeyPair = { privateKeyPem: string; publicKeyPem: string };

export function rsaKeyPair(bits = 2048): KeyPair {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A self-signed certificate of `keys`, with the given serial number (hex, as gateways name certificates by it). */
export function selfSignedCertificate(
  keys: KeyPair,
  options: { commonName: string; serialHex: string; days?: number },
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = options.serialHex;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + (options.days ?? 365) * 86_400_000);
  const attrs = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Test Gateway' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A PKCS#12 file of the key and its certificate, as the payment screen keeps it: a "PKCS12" PEM block of the DER bytes. */
export function pkcs12Pem(keys: KeyPair, certificatePem: string, password: string): string {
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(keys.privateKeyPem),
    [forge.pki.certificateFromPem(certificatePem)],
    password,
    { algorithm: '3des' },
  );
  const der = forge.asn1.toDer(p12).getBytes();
  const base64 = Buffer.from(der, 'binary').toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN PKCS12-----\n${base64}\n-----END PKCS12-----\n`;
}

/** A certificate and the key that signs with it: a CA that issues others, or a signer. */
export type Holder = { keys: KeyPair; certificatePem: string };

/**
 * A certificate issued by `issuer` (or self-signed without one), as a CA hierarchy has them: a CA
 * (basicConstraints cA, keyCertSign) or a signing certificate. The common name is written as a
 * UTF-8 string (UnionPay's owner name is Chinese). `notBefore`/`notAfter` default to yesterday and
 * a year on.
 */
export function issueCertificate(options: {
  commonName: string;
  serialHex: string;
  issuer?: Holder;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  keys?: KeyPair;
}): Holder {
  const keys = options.keys ?? rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = options.serialHex;
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([
    {
      name: 'commonName',
      value: options.commonName,
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    },
    { name: 'organizationName', value: 'Test PKI' },
  ]);
  cert.setIssuer(
    options.issuer
      ? forge.pki.certificateFromPem(options.issuer.certificatePem).subject.attributes
      : cert.subject.attributes,
  );
  cert.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem((options.issuer?.keys ?? keys).privateKeyPem), forge.md.sha256.create());
  return { keys, certificatePem: forge.pki.certificateToPem(cert) };
}
