/**
 * Reading and saving a tenant's payment settings. Answers are built from the
 * plain document and the secrets' metadata only: no code path here opens a
 * secret (opening is rotation's and, later, the payment calls' business).
 */
import { and, eq } from 'drizzle-orm';
import {
  CERT_WARN_DAYS,
  missingFields,
  SECRETS,
  type PaymentInput,
  type PaymentView,
  type SecretSection,
  type SecretView,
} from '../../shared/payment/index.js';
import type { Db, Queryable } from '../db/index.js';
import { RequestValidationError } from '../http/errors.js';
import { checkAlipayKeys, checkPlatformKey, readCertificate, readP12, type CertificateFacts } from './check.js';
import { paymentSecrets, paymentSettings, type PlainSettings } from './schema.js';
import { resealed, sealNow, type SecretKey } from './secrets.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_SET: SecretView = { set: false, last4: null, setAt: null };
const certificateView = (c: CertificateFacts | undefined) =>
  c ? { ...c, soon: Date.parse(c.notAfter) - Date.now() < CERT_WARN_DAYS * DAY_MS } : null;

export async function paymentViewOf(db: Queryable, tenantId: number): Promise<PaymentView> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
  const stored = await db
    .select({
      section: paymentSecrets.section,
      field: paymentSecrets.field,
      last4: paymentSecrets.last4,
      setAt: paymentSecrets.setAt,
    })
    .from(paymentSecrets)
    .where(eq(paymentSecrets.tenantId, tenantId));
  const secretsOf = <S extends SecretSection>(section: S) =>
    Object.fromEntries(
      SECRETS[section].map((field) => {
        const s = stored.find((x) => x.section === section && x.field === field);
        return [field, s ? { set: true, last4: s.last4, setAt: s.setAt.toISOString() } : NOT_SET];
      }),
    ) as Record<(typeof SECRETS)[S][number], SecretView>;
  const p: PlainSettings = row?.plain ?? {};
  return {
    tenantId,
    wechat: p.wechat
      ? {
          ...p.wechat,
          apiVersion: p.wechat.apiVersion ?? 'v2',
          platformKeyId: p.wechat.platformKeyId ?? null,
          platformKey: p.wechat.platformKey ?? null,
          secrets: secretsOf('wechat'),
          certificate: certificateView(p.certificates?.wechat),
        }
      : null,
    alipay: p.alipay ? { ...p.alipay, secrets: secretsOf('alipay') } : null,
    aggregate: p.aggregate ? { ...p.aggregate, secrets: secretsOf('aggregate') } : null,
    wallet: p.wallet ?? null,
    direct: p.direct
      ? { ...p.direct, secrets: secretsOf('direct'), certificate: certificateView(p.certificates?.direct) }
      : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The last four characters a masked secret shows (a file's: of its base64). */
const last4 = (value: string) => value.slice(-4);

export async function savePayment(db: Db, tenantId: number, input: PaymentInput): Promise<PaymentView> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
  const stored = await db
    .select({ section: paymentSecrets.section, field: paymentSecrets.field })
    .from(paymentSecrets)
    .where(eq(paymentSecrets.tenantId, tenantId));
  const plain: PlainSettings = structuredClone(row?.plain ?? {});
  const writes: { section: SecretSection; field: string; value: string }[] = [];

  for (const section of Object.keys(SECRETS) as SecretSection[]) {
    const given = input[section] as Record<string, unknown> | undefined;
    for (const field of SECRETS[section]) {
      const value = given?.[field];
      if (typeof value === 'string') writes.push({ section, field, value });
    }
  }
  const fields = missingFields(input, {
    secret: (section, field) => stored.some((s) => s.section === section && s.field === field),
    // The bank wallet's merchant number, given now or before.
    wallet: Boolean(plain.wallet),
  });
  if (Object.keys(fields).length) throw new RequestValidationError(fields);

  const certificates = { ...plain.certificates };
  if (input.wechat) {
    const { merchantId, type, subMerchantId, publicAppId, miniAppId, p12, apiVersion, platformKeyId, platformKey } =
      input.wechat;
    if (p12 !== undefined) certificates.wechat = readP12(p12, merchantId);
    plain.wechat = { type, merchantId, subMerchantId: subMerchantId ?? null, publicAppId, miniAppId };
    if (apiVersion === 'v3' && platformKeyId && platformKey) {
      // The key that checks every answer and notification: a public key or a certificate node:crypto reads (1409).
      checkPlatformKey(platformKey);
      Object.assign(plain.wechat, { apiVersion, platformKeyId, platformKey });
    }
  }
  if (input.alipay) {
    checkAlipayKeys(input.alipay.privateKey, input.alipay.publicKey);
    const { publicKey, lifeAppId, miniAppId } = input.alipay;
    plain.alipay = { publicKey, lifeAppId, miniAppId };
  }
  if (input.aggregate)
    plain.aggregate = {
      appId: input.aggregate.appId,
      vendorSn: input.aggregate.vendorSn,
      wallet: input.aggregate.wallet,
    };
  if (input.wallet) plain.wallet = { merchantNumber: input.wallet.merchantNumber };
  if (input.direct) {
    if (input.direct.certificate !== undefined) certificates.direct = readCertificate(input.direct.certificate);
    plain.direct = { merchantNumber: input.direct.merchantNumber };
  }
  plain.certificates = certificates;

  await db.transaction(async (tx) => {
    await tx
      .insert(paymentSettings)
      .values({ tenantId, plain })
      .onConflictDoUpdate({ target: paymentSettings.tenantId, set: { plain, updatedAt: new Date() } });
    for (const w of writes) {
      // 1407 when no key is configured: the transaction leaves nothing behind.
      const sealed = sealNow(w.value);
      const values = {
        tenantId,
        section: w.section,
        field: w.field,
        ...sealed,
        last4: last4(w.value),
        setAt: new Date(),
      };
      await tx
        .insert(paymentSecrets)
        .values(values)
        .onConflictDoUpdate({
          target: [paymentSecrets.tenantId, paymentSecrets.section, paymentSecrets.field],
          set: { ...sealed, last4: values.last4, setAt: values.setAt },
        });
    }
  });
  return paymentViewOf(db, tenantId);
}

/** Reseals every secret not sealed by the current key (the first of SECRETS_KEY); answers how many. */
export async function rotateSecrets(db: Db, keys: SecretKey[]): Promise<number> {
  let count = 0;
  for (const s of await db.select().from(paymentSecrets)) {
    const fresh = resealed(s, keys);
    if (!fresh) continue;
    count++;
    await db
      .update(paymentSecrets)
      .set(fresh)
      .where(
        and(
          eq(paymentSecrets.tenantId, s.tenantId),
          eq(paymentSecrets.section, s.section),
          eq(paymentSecrets.field, s.field),
        ),
      );
  }
  return count;
}
