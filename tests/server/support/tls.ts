/**
 * Keys and certificates the payment tests make: RSA keys (node:crypto) and
 * X.509 certificates signed by them (node-forge, as node:crypto makes none),
 * for a double's HTTPS address and for platform certificates with a chosen
 * end.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export const rsaKeys = (): KeyPair =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** A self-signed certificate of `keys` with serial `serial` (hex), valid from yesterday to `notAfter`, for `host` (an IP address). */
export function certificate(
  keys: KeyPair,
  {
    serial = '01',
    notAfter = new Date(Date.now() + 365 * 86_400_000),
    host = '127.0.0.1',
  }: { serial?: string; notAfter?: Date; host?: string } = {},
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Math.min(Date.now() - 86_400_000, notAfter.getTime() - 86_400_000));
  cert.validity.notAfter = notAfter;
  // A name of its own: two doubles' certificates trusted together must not share a subject, or the one found
  // first by name is taken as the other's issuer and the connection refused.
  const attrs = [{ shortName: 'CN', value: `double-${randomBytes(6).toString('hex')}` }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: host }] }]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
