/**
 * Which real platform a tenant's refund goes through, and with which of its
 * credentials: the order's payment platform picks the section of the
 * tenant's payment settings (a second-level tenant without settings of its
 * own uses its parent's), whose secrets are opened here, for the call only.
 *
 * - WeChat Pay: API v3 when the settings say so (the merchant key is then the
 *   API v3 key, and the platform's public key or certificate is given with its
 *   id), else API v2 (the merchant key is the API v2 key); the p12 is the
 *   merchant API certificate either way. A sub-merchant's refund goes through
 *   its service provider's merchant id with its own sub-merchant id.
 * - Alipay: the app's private key and Alipay's public key, the mini-program's
 *   app id (else the life account's).
 *
 * The platforms' addresses are settings (WECHATPAY_BASE_URL, ALIPAY_GATEWAY,
 * PAYMENT_CA_FILE, PAYMENT_TIMEOUT_MS: docs/configuration.md), so the server suite points these
 * adapters at its local doubles.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { PAY_PLATFORMS } from '../../../shared/order/index.js';
import type { Queryable } from '../../db/index.js';
import { tenants } from '../../identity/schema.js';
import { openP12 } from '../check.js';
import { paymentSecrets, paymentSettings, type PlainSettings } from '../schema.js';
import { secretKeys, unseal } from '../secrets.js';
import { AlipayProvider } from './alipay.js';
import type { PaymentProvider } from './types.js';
import { WechatV2Provider } from './wechatV2.js';
import { WechatV3Provider } from './wechatV3.js';

/** An order's payment platform (shared/order): which section of the settings its refund uses. */
export type PayPlatform = (typeof PAY_PLATFORMS)[number];

/** The extra certificate authorities' file, read once per path: every refund claimed asks for it. */
const caFiles = new Map<string, string>();
const caFile = (path: string) => {
  let text = caFiles.get(path);
  if (text === undefined) caFiles.set(path, (text = readFileSync(path, 'utf8')));
  return text;
};

/** Where the platforms are: their production addresses unless the configuration points elsewhere. */
export function platformEndpoints(env: NodeJS.ProcessEnv = process.env) {
  return {
    wechat: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com/',
    alipay: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    ca: env.PAYMENT_CA_FILE ? caFile(env.PAYMENT_CA_FILE) : undefined,
    timeoutMs: Number(env.PAYMENT_TIMEOUT_MS) > 0 ? Number(env.PAYMENT_TIMEOUT_MS) : undefined,
  };
}

/** The settings that apply to a tenant: its own, else its parent's. */
async function settingsFor(db: Queryable, tenantId: number) {
  const [own] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
  if (own) return own;
  const [tenant] = await db.select({ parentId: tenants.parentId }).from(tenants).where(eq(tenants.id, tenantId));
  if (tenant?.parentId == null) return undefined;
  const [parent] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenant.parentId));
  return parent;
}

/**
 * The provider for a refund of a `platform` order of the tenant, or null when the tenant's settings name no
 * credentials for that platform (or no key opens its secrets): the refund then waits, saying so.
 */
export async function providerFor(
  db: Queryable,
  tenantId: number,
  platform: PayPlatform,
): Promise<PaymentProvider | null> {
  const row = await settingsFor(db, tenantId);
  const keys = secretKeys();
  if (!row || !keys) return null;
  const plain: PlainSettings = row.plain;
  const secret = async (section: string, field: string) => {
    const [s] = await db
      .select()
      .from(paymentSecrets)
      .where(
        and(
          eq(paymentSecrets.tenantId, row.tenantId),
          eq(paymentSecrets.section, section),
          eq(paymentSecrets.field, field),
        ),
      );
    return s ? unseal(s, keys) : undefined;
  };
  const at = platformEndpoints();
  if (platform === 'wechat' && plain.wechat) {
    const w = plain.wechat;
    const [key, p12] = [await secret('wechat', 'merchantKey'), await secret('wechat', 'p12')];
    if (!key || !p12) return null;
    const subMerchantId = w.type === 'subMerchant' ? w.subMerchantId : null;
    if (w.apiVersion === 'v3') {
      if (!w.platformKeyId || !w.platformKey) return null;
      const merchant = openP12(p12, w.merchantId);
      return new WechatV3Provider({
        appId: w.publicAppId || w.miniAppId,
        miniAppId: w.miniAppId || undefined,
        merchantId: w.merchantId,
        subMerchantId,
        serial: merchant.serial,
        privateKey: merchant.key,
        apiV3Key: key,
        platformKeys: [{ id: w.platformKeyId, pem: w.platformKey }],
        baseUrl: at.wechat,
        ca: at.ca,
        timeoutMs: at.timeoutMs,
      });
    }
    return new WechatV2Provider({
      appId: w.miniAppId || w.publicAppId,
      miniAppId: w.miniAppId || undefined,
      merchantId: w.merchantId,
      subMerchantId,
      apiKey: key,
      p12,
      baseUrl: at.wechat,
      ca: at.ca,
      timeoutMs: at.timeoutMs,
    });
  }
  if (platform === 'alipay' && plain.alipay) {
    const privateKey = await secret('alipay', 'privateKey');
    if (!privateKey) return null;
    return new AlipayProvider({
      appId: plain.alipay.miniAppId || plain.alipay.lifeAppId,
      privateKey,
      alipayPublicKey: plain.alipay.publicKey,
      gateway: at.alipay,
      ca: at.ca,
      timeoutMs: at.timeoutMs,
    });
  }
  return null;
}
