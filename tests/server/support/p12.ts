/** A p12 as WeChat Pay issues one — a certificate and its key, the merchant id as the password — base64, for the payment tests. */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function p12(password: string, cn = '1600000001_微信支付商户', days = 365): string {
  // Made by node:crypto (forge's own is slow), 2048 bits: a TLS client certificate of fewer is refused ("ee key too small").
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = {
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey),
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey),
  };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + days * 86_400_000);
  const attrs = [
    { shortName: 'CN', value: forge.util.encodeUtf8(cn) },
    { shortName: 'O', value: 'Tenpay.com' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return forge.util.encode64(forge.asn1.toDer(asn1).getBytes());
}
