/**
 * A tenant's payment settings (shared/payment): the plain fields and the
 * parsed certificates as one document per tenant, and each secret as a row of
 * its own, sealed (server/payment/secrets.ts) with the id of the key that
 * sealed it, its last four characters and when it was set — what answers show
 * instead of it.
 */
import { pgTable, integer, text, timestamp, jsonb, primaryKey, index } from 'drizzle-orm/pg-core';
import { tenants } from '../identity/schema.js';

export interface PlainSettings {
  wechat?: {
    type: 'regular' | 'subMerchant';
    merchantId: string;
    subMerchantId: string | null;
    publicAppId: string;
    miniAppId: string;
    /**
     * The WeChat Pay API the merchant uses (absent: v2). With v3 the merchant key is the API v3 key, and the
     * platform's public key (or certificate) verifies its answers and notifications, by its id (or serial).
     */
    apiVersion?: 'v2' | 'v3';
    platformKeyId?: string;
    platformKey?: string;
  };
  alipay?: { publicKey: string; lifeAppId: string; miniAppId: string };
  aggregate?: { appId: string; vendorSn: string; wallet: boolean };
  wallet?: { merchantNumber: string };
  direct?: { merchantNumber: string };
  /** Parsed when saved: the WeChat p12's and the direct merchant's certificate. */
  certificates?: { wechat?: { subject: string; notAfter: string }; direct?: { subject: string; notAfter: string } };
}

export const paymentSettings = pgTable('payment_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  plain: jsonb('plain').$type<PlainSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentSecrets = pgTable(
  'payment_secrets',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    field: text('field').notNull(),
    /** Which key sealed it (a rotation reseals the others); IV, tag and ciphertext, base64. */
    keyId: text('key_id').notNull(),
    iv: text('iv').notNull(),
    tag: text('tag').notNull(),
    data: text('data').notNull(),
    last4: text('last4').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.section, t.field] }), index('payment_secrets_key_idx').on(t.keyId)],
);
