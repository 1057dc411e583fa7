/**
 * Payment settings: secrets write-only (never in an answer or the database
 * in the clear, masked to their last four), kept when left out, required when
 * first set; a p12 opened with the merchant id (a text file or a wrong
 * password refused, 1408); Alipay keys parsed and matched (1409); key rotation
 * reseals every value and old values still open; the scope of each call.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { CODE } from '../../../shared/domains.js';
import {
  configureSecrets,
  paymentSecrets,
  parseKeys,
  rotateSecrets,
  secretKeys,
} from '../../../server/payment/index.js';
import { unseal } from '../../../server/payment/secrets.js';
import { suiteApp } from '../helpers.js';
import { p12 } from '../support/p12.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2', 'member1']);
afterAll(() => configureSecrets(undefined as never));

const WECHAT = {
  type: 'regular' as const,
  merchantId: '1600000001',
  publicAppId: 'wx8888888888888888',
  miniAppId: 'wx9999999999999999',
};
const SECRETS = {
  merchantKey: 'Mk2026SecretKeyForWechatPayABCD',
  publicSecret: 'PubSecret2026XYZW',
  miniSecret: 'MiniSecret2026QRST',
};
const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('payment.save', () => {
  it('keeps WeChat secrets write-only: masked in the answer, sealed in the database, kept when left out', async () => {
    const cert = p12(WECHAT.merchantId);
    const saved = await t.ok(
      'payment.save',
      { body: { wechat: { ...WECHAT, ...SECRETS, p12: cert } } },
      t.token.tenant1,
    );
    expect(saved.wechat).toMatchObject({
      merchantId: '1600000001',
      secrets: {
        merchantKey: { set: true, last4: 'ABCD' },
        publicSecret: { set: true, last4: 'XYZW' },
        miniSecret: { set: true, last4: 'QRST' },
        p12: { set: true },
        publicAesKey: { set: false },
      },
      certificate: { subject: expect.stringContaining('CN=1600000001_微信支付商户'), soon: false },
    });
    const answer = JSON.stringify(await t.call('payment.settings', { body: {} }, t.token.tenant1));
    for (const s of [...Object.values(SECRETS), cert.slice(0, 40)]) expect(answer).not.toContain(s);
    const rows = await t.db.select().from(paymentSecrets);
    expect(JSON.stringify(rows)).not.toContain(SECRETS.merchantKey);
    const row = rows.find((r) => r.tenantId === t.ids.tenant('A') && r.field === 'merchantKey')!;
    expect(unseal(row, secretKeys()!)).toBe(SECRETS.merchantKey);

    // A save without the secrets keeps them, and their times.
    const again = await t.ok(
      'payment.save',
      { body: { wechat: { ...WECHAT, miniAppId: 'wx7777777777777777' } } },
      t.token.tenant1,
    );
    expect(again.wechat).toMatchObject({
      miniAppId: 'wx7777777777777777',
      secrets: { merchantKey: { set: true, last4: 'ABCD', setAt: saved.wechat!.secrets.merchantKey.setAt } },
    });
  });

  it('keeps WeChat Pay API v3 with its platform key and id, asked for together and checked as a key (1409)', async () => {
    const base = { ...WECHAT, ...SECRETS, p12: p12(WECHAT.merchantId) };
    const missing = await t.call('payment.save', { body: { wechat: { ...base, apiVersion: 'v3' } } }, t.token.tenant11);
    expect(missing.body.content.fields).toMatchObject({ 'wechat.platformKey': 'payment.validation.platformKey' });
    const platform = { platformKeyId: 'PUB_KEY_ID_0114232134912410000000000000', apiVersion: 'v3' as const };
    expect(
      await t.code(
        'payment.save',
        { body: { wechat: { ...base, ...platform, platformKey: 'not a key' } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.keyInvalid);
    const key = rsaPair().publicKey;
    const saved = await t.ok(
      'payment.save',
      { body: { wechat: { ...base, ...platform, platformKey: key } } },
      t.token.tenant11,
    );
    expect(saved.wechat).toMatchObject({
      apiVersion: 'v3',
      platformKeyId: platform.platformKeyId,
      platformKey: key.trim(),
    });
    // Back to v2: the platform key goes with it.
    const v2 = await t.ok('payment.save', { body: { wechat: WECHAT } }, t.token.tenant11);
    expect(v2.wechat).toMatchObject({ apiVersion: 'v2', platformKeyId: null, platformKey: null });
  });

  it("requires a section's secrets when first set, a sub-merchant id for a sub-merchant, and the wallet number for wallet aggregate payment", async () => {
    const first = await t.call('payment.save', { body: { wechat: WECHAT } }, t.token.tenant2);
    expect(first.body.content.fields).toEqual({
      'wechat.merchantKey': 'payment.validation.required',
      'wechat.p12': 'payment.validation.required',
      'wechat.publicSecret': 'payment.validation.required',
      'wechat.miniSecret': 'payment.validation.required',
    });
    const sub = await t.call('payment.save', { body: { wechat: { ...WECHAT, type: 'subMerchant' } } }, t.token.tenant2);
    expect(sub.body.content.fields).toMatchObject({ 'wechat.subMerchantId': 'payment.validation.subMerchantId' });
    const wallet = await t.call(
      'payment.save',
      {
        body: {
          aggregate: {
            appId: 'agg-01',
            vendorSn: 'SN-01',
            wallet: true,
            activationCode: 'ACT-2026',
            vendorKey: 'VK-2026',
          },
        },
      },
      t.token.tenant2,
    );
    expect(wallet.body.content.fields).toEqual({ 'wallet.merchantNumber': 'payment.validation.wallet' });
    const ok = await t.ok(
      'payment.save',
      {
        body: {
          aggregate: {
            appId: 'agg-01',
            vendorSn: 'SN-01',
            wallet: true,
            activationCode: 'ACT-2026',
            vendorKey: 'VK-2026',
          },
          wallet: { merchantNumber: '8888' },
        },
      },
      t.token.tenant2,
    );
    expect(ok).toMatchObject({
      aggregate: { wallet: true, secrets: { vendorKey: { last4: '2026' } } },
      wallet: { merchantNumber: '8888' },
    });
  });

  it('refuses a p12 that is a text file or opens with another password (1408), and a certificate that is no PEM', async () => {
    const text = Buffer.from('merchant certificate, honestly').toString('base64');
    expect(
      (await t.call('payment.save', { body: { wechat: { ...WECHAT, ...SECRETS, p12: text } } }, t.token.tenant11)).body
        .code,
    ).toBe(CODE.certificateInvalid);
    expect(
      await t.code(
        'payment.save',
        { body: { wechat: { ...WECHAT, ...SECRETS, p12: p12('another-password') } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.certificateInvalid);
    expect(
      await t.code(
        'payment.save',
        { body: { direct: { merchantNumber: 'D-01', apiV3Key: 'v3key', certificate: 'not a certificate' } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.certificateInvalid);
  });

  it("checks Alipay keys as RSA keys, and refuses the app's own public key where Alipay's is asked (1409)", async () => {
    const [a, b] = [rsaPair(), rsaPair()];
    const alipay = { lifeAppId: '2021000000000001', miniAppId: '2021000000000002' };
    expect(
      await t.code(
        'payment.save',
        { body: { alipay: { ...alipay, privateKey: 'garbage', publicKey: a.publicKey } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.keyInvalid);
    expect(
      await t.code(
        'payment.save',
        { body: { alipay: { ...alipay, privateKey: a.privateKey, publicKey: a.publicKey } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.keyInvalid);
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(
      await t.code(
        'payment.save',
        { body: { alipay: { ...alipay, privateKey: ec.privateKey, publicKey: ec.publicKey } } },
        t.token.tenant11,
      ),
    ).toBe(CODE.keyInvalid);
    // Bare base64, as Alipay's console hands keys out, is read too.
    const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const saved = await t.ok(
      'payment.save',
      { body: { alipay: { ...alipay, privateKey: bare(a.privateKey), publicKey: bare(b.publicKey) } } },
      t.token.tenant11,
    );
    expect(saved.alipay!.secrets.privateKey.set).toBe(true);
  });
});

describe('payment.settings', () => {
  it("answers only within scope: the admin names a tenant (1402), another tenant's is 1401, a member none", async () => {
    expect(await t.code('payment.settings', { body: {} }, t.token.admin)).toBe(CODE.tenantRequired);
    expect(
      (await t.ok('payment.settings', { body: { tenantId: t.ids.tenant('A') } }, t.token.admin)).wechat?.merchantId,
    ).toBe('1600000001');
    expect(await t.code('payment.settings', { body: { tenantId: t.ids.tenant('A') } }, t.token.tenant2)).toBe(
      CODE.tenantNotFound,
    );
    expect(await t.code('payment.settings', { body: {} }, t.token.member1)).toBe(CODE.forbidden);
    // A first-level tenant reads its second-level tenant's.
    expect((await t.ok('payment.settings', { body: { tenantId: t.ids.tenant('A1') } }, t.token.tenant1)).tenantId).toBe(
      t.ids.tenant('A1'),
    );
  });
});

describe('secrets rotation', () => {
  it('reseals every value under the new key; the old ones still open on the way', async () => {
    const old = secretKeys()!;
    const fresh = parseKeys(randomBytes(32).toString('base64'))[0]!;
    const ring = [fresh, ...old];
    const count = (await t.db.select().from(paymentSecrets)).length;
    expect(await rotateSecrets(t.db, ring)).toBe(count);
    const rows = await t.db.select().from(paymentSecrets);
    expect(new Set(rows.map((r) => r.keyId))).toEqual(new Set([fresh.id]));
    const row = rows.find((r) => r.tenantId === t.ids.tenant('A') && r.field === 'merchantKey')!;
    expect(unseal(row, [fresh])).toBe(SECRETS.merchantKey);
    expect(() => unseal(row, old)).toThrow();
    expect(await rotateSecrets(t.db, ring)).toBe(0);
    configureSecrets(ring);
  });
});
