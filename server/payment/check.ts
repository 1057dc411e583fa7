/**
 * Credentials checked by parsing, not by name: a WeChat p12 is opened with
 * node-forge using the merchant id as its password (WeChat Pay's convention)
 * and its certificate read; Alipay keys must be RSA keys node:crypto reads,
 * and a public key given with a private one must be that key's; a merchant
 * certificate must be an X.509 PEM. Each refusal is its catalogue code.
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';

export interface CertificateFacts {
  subject: string;
  notAfter: string;
}

/** The certificate inside a base64 p12 opened with `password`; 1408 when it is not one or does not open. */
export function readP12(base64: string, password: string): CertificateFacts {
  try {
    const der = forge.util.decode64(base64.replace(/\s+/g, ''));
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), password);
    const certBag = forge.pki.oids.certBag!;
    const bags: forge.pkcs12.Bag[] = p12.getBags({ bagType: certBag })[certBag] ?? [];
    const cert = bags.find((b) => b.cert)?.cert;
    if (!cert) throw new Error('no certificate in the p12');
    // forge keeps UTF-8 values as byte strings (a WeChat certificate's organisation is Chinese).
    const text = (v: unknown) => {
      try {
        return forge.util.decodeUtf8(String(v));
      } catch {
        return String(v);
      }
    };
    const subject = cert.subject.attributes
      .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${text(a.value)}`)
      .join(', ');
    return { subject, notAfter: cert.validity.notAfter.toISOString() };
  } catch {
    throw new BizError(CODE.certificateInvalid);
  }
}

/**
 * A WeChat p12's certificate and key as PEM, and the certificate's serial (upper-case hex, as API v3 names it):
 * what the payment calls sign with. Opened with node-forge, as `readP12` is: WeChat's p12 files protect the
 * certificate with RC2-40, which OpenSSL 3 (Node 17 on) no longer opens by default.
 */
export function openP12(base64: string, password: string): { cert: string; key: string; serial: string } {
  const der = forge.util.decode64(base64.replace(/\s+/g, ''));
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), password);
  const certBag = forge.pki.oids.certBag!;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const cert = (p12.getBags({ bagType: certBag })[certBag] ?? []).find((b) => b.cert)?.cert;
  const key = (p12.getBags({ bagType: keyBag })[keyBag] ?? []).find((b) => b.key)?.key;
  if (!cert || !key) throw new BizError(CODE.certificateInvalid);
  return {
    cert: forge.pki.certificateToPem(cert),
    key: forge.pki.privateKeyToPem(key),
    serial: cert.serialNumber.toUpperCase(),
  };
}

/** A merchant certificate in PEM; 1408 otherwise. */
export function readCertificate(pem: string): CertificateFacts {
  try {
    const cert = new X509Certificate(pem);
    return { subject: cert.subject.replace(/\n/g, ', '), notAfter: new Date(cert.validTo).toISOString() };
  } catch {
    throw new BizError(CODE.certificateInvalid);
  }
}

/** Alipay's consoles hand out keys as bare base64 as often as PEM. */
const asPem = (text: string, label: string) =>
  text.includes('-----BEGIN')
    ? text
    : `-----BEGIN ${label}-----\n${text.replace(/\s+/g, '')}\n-----END ${label}-----\n`;

function rsa(make: () => KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = make();
  } catch {
    throw new BizError(CODE.keyInvalid);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new BizError(CODE.keyInvalid);
  return key;
}

/** An RSA public key read from PEM, or 1409 (the Alipay keys here, a tenant's callback key). */
export const rsaPublicKey = (pem: string): KeyObject => rsa(() => createPublicKey(pem));

/** WeChat Pay's public key, or its platform certificate, as PEM; 1409 otherwise. */
export function checkPlatformKey(pem: string): void {
  if (pem.includes('CERTIFICATE')) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new BizError(CODE.keyInvalid);
    }
  } else rsaPublicKey(pem);
}

export function checkAlipayKeys(privateKey: string | undefined, publicKey: string): void {
  const pub = rsaPublicKey(asPem(publicKey, 'PUBLIC KEY'));
  if (privateKey === undefined) return;
  const priv = rsa(() => {
    try {
      return createPrivateKey(asPem(privateKey, 'PRIVATE KEY'));
    } catch {
      return createPrivateKey(asPem(privateKey, 'RSA PRIVATE KEY'));
    }
  });
  // The public key is Alipay's, which checks Alipay's answers and notifications (server/payment/provider/alipay.ts):
  // the app's own public key, the pair of its private key, is the usual mistake, and would verify nothing.
  const spki = (k: KeyObject) => k.export({ type: 'spki', format: 'der' });
  if (spki(createPublicKey(priv)).equals(spki(pub))) throw new BizError(CODE.keyInvalid);
}
