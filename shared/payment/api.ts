/**
 * Payment settings (spec §3 Payment settings, §5 "certificate must be p12;
 * payment, mini-program and aggregate fields required; merchant number
 * required for wallet aggregate payment", §6 admins configure payment): per
 * tenant, by the system admin or the tenant itself. **Secrets are write-only**:
 * an answer says of each only whether it is set, its last four characters and
 * when it was set; a save that leaves a secret out keeps it. Certificates and
 * keys are checked by parsing them (a p12 opened with the merchant id as its
 * password, RSA keys read by node:crypto), never by their names.
 */
import { z } from 'zod';
import { endpoint, isoTime, ref, str } from '../api/define.js';

export const WECHAT_TYPES = ['regular', 'subMerchant'] as const;
/** The WeChat Pay API a merchant uses: with v3 the merchant key is the API v3 key, and the platform's key is given. */
export const WECHAT_API_VERSIONS = ['v2', 'v3'] as const;
/** Every secret, by section and field. */
export const SECRETS = {
  wechat: ['merchantKey', 'p12', 'publicAesKey', 'publicSecret', 'miniSecret'],
  alipay: ['privateKey'],
  aggregate: ['activationCode', 'vendorKey'],
  direct: ['apiV3Key', 'certificate'],
} as const;
export type SecretSection = keyof typeof SECRETS;
/** Which secrets each section needs before it is usable (spec §5: payment, mini-program and aggregate fields required). */
export const REQUIRED_SECRETS: { readonly [S in SecretSection]: readonly (typeof SECRETS)[S][number][] } = {
  wechat: ['merchantKey', 'p12', 'publicSecret', 'miniSecret'],
  alipay: ['privateKey'],
  aggregate: ['activationCode', 'vendorKey'],
  direct: ['apiV3Key', 'certificate'],
};

/**
 * What a save still lacks beyond its schema, counting what is stored: each
 * required secret neither given nor set before, and the bank wallet's
 * merchant number that wallet aggregate payment needs (spec §5). The
 * upstream refuses with these (path → i18n key); the form shows them with
 * the schema's own issues, all at once.
 */
export function missingFields(
  input: Pick<PaymentInput, SecretSection | 'wallet'>,
  stored: { secret: (section: SecretSection, field: string) => boolean; wallet: boolean },
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const section of Object.keys(REQUIRED_SECRETS) as SecretSection[]) {
    const given = input[section] as Record<string, unknown> | undefined;
    if (!given) continue;
    for (const field of REQUIRED_SECRETS[section]) {
      if (typeof given[field] !== 'string' && !stored.secret(section, field))
        fields[`${section}.${field}`] = 'payment.validation.required';
    }
  }
  if (input.aggregate?.wallet && !input.wallet && !stored.wallet)
    fields['wallet.merchantNumber'] = 'payment.validation.wallet';
  return fields;
}

export const PAYMENT_LIMITS = { id: 64, secret: 4096, p12: 16_384 } as const;
/** A certificate this close to its end shows on the lists. */
export const CERT_WARN_DAYS = 30;

const plain = (message = 'payment.validation.id') =>
  str().trim().min(1, { message }).max(PAYMENT_LIMITS.id, { message });
const secret = str()
  .trim()
  .min(1, { message: 'payment.validation.secret' })
  .max(PAYMENT_LIMITS.secret, { message: 'payment.validation.secret' });

/** What a save may give; every secret optional (absent: kept as it is). */
export const paymentInput = z
  .object({
    tenantId: ref('tenant').optional(),
    wechat: z
      .object({
        type: z.enum(WECHAT_TYPES),
        merchantId: plain(),
        /** A sub-merchant's own merchant id (sub-merchant only). */
        subMerchantId: plain().optional(),
        publicAppId: plain(),
        miniAppId: plain(),
        merchantKey: secret.optional(),
        /** The p12 certificate file, base64. */
        p12: str()
          .max(PAYMENT_LIMITS.p12 * 2, { message: 'payment.validation.p12' })
          .optional(),
        publicAesKey: secret.optional(),
        publicSecret: secret.optional(),
        miniSecret: secret.optional(),
        /** Absent: v2. */
        apiVersion: z.enum(WECHAT_API_VERSIONS).optional(),
        /** API v3: the WeChat Pay public key's id (or the platform certificate's serial), and that key (PEM). */
        platformKeyId: plain().optional(),
        platformKey: str().trim().max(PAYMENT_LIMITS.secret, { message: 'payment.validation.platformKey' }).optional(),
      })
      .refine((w) => w.apiVersion !== 'v3' || (w.platformKeyId !== undefined && !!w.platformKey), {
        message: 'payment.validation.platformKey',
        path: ['platformKey'],
      })
      .refine((w) => w.type === 'subMerchant' || w.subMerchantId === undefined, {
        message: 'payment.validation.subMerchantOnly',
        path: ['subMerchantId'],
      })
      .refine((w) => w.type !== 'subMerchant' || w.subMerchantId !== undefined, {
        message: 'payment.validation.subMerchantId',
        path: ['subMerchantId'],
      })
      .optional(),
    alipay: z
      .object({
        /** PEM (or bare base64) RSA keys; the public key must match the private one. */
        privateKey: secret.optional(),
        publicKey: str()
          .trim()
          .min(1, { message: 'payment.validation.publicKey' })
          .max(PAYMENT_LIMITS.secret, { message: 'payment.validation.publicKey' }),
        lifeAppId: plain(),
        miniAppId: plain(),
      })
      .optional(),
    aggregate: z
      .object({
        appId: plain(),
        vendorSn: plain(),
        /** Wallet aggregate payment: needs the bank wallet's merchant number. */
        wallet: z.boolean(),
        activationCode: secret.optional(),
        vendorKey: secret.optional(),
      })
      .optional(),
    wallet: z.object({ merchantNumber: plain() }).optional(),
    direct: z
      .object({
        merchantNumber: plain(),
        apiV3Key: secret.optional(),
        /** The merchant's certificate, PEM. */
        certificate: secret.optional(),
      })
      .optional(),
  })
  .meta({
    examples: [
      {
        wechat: {
          type: 'regular',
          merchantId: '1600000001',
          publicAppId: 'wx8888888888888888',
          miniAppId: 'wx9999999999999999',
        },
      },
    ],
  });
export type PaymentInput = z.infer<typeof paymentInput>;

/** A secret as answers show it: never its value. */
export const secretView = z.object({ set: z.boolean(), last4: z.string().nullable(), setAt: isoTime.nullable() });
export type SecretView = z.infer<typeof secretView>;
const secrets = <S extends SecretSection>(section: S) =>
  z.object(
    Object.fromEntries(SECRETS[section].map((f) => [f, secretView])) as Record<
      (typeof SECRETS)[S][number],
      typeof secretView
    >,
  );
/** A parsed certificate: who it names and until when (soon: within CERT_WARN_DAYS). */
export const certificateView = z.object({ subject: z.string(), notAfter: isoTime, soon: z.boolean() });

export const paymentView = z.object({
  tenantId: z.number().int(),
  wechat: z
    .object({
      type: z.enum(WECHAT_TYPES),
      merchantId: z.string(),
      subMerchantId: z.string().nullable(),
      publicAppId: z.string(),
      miniAppId: z.string(),
      apiVersion: z.enum(WECHAT_API_VERSIONS),
      platformKeyId: z.string().nullable(),
      platformKey: z.string().nullable(),
      secrets: secrets('wechat'),
      certificate: certificateView.nullable(),
    })
    .nullable(),
  alipay: z
    .object({ publicKey: z.string(), lifeAppId: z.string(), miniAppId: z.string(), secrets: secrets('alipay') })
    .nullable(),
  aggregate: z
    .object({ appId: z.string(), vendorSn: z.string(), wallet: z.boolean(), secrets: secrets('aggregate') })
    .nullable(),
  wallet: z.object({ merchantNumber: z.string() }).nullable(),
  direct: z
    .object({ merchantNumber: z.string(), secrets: secrets('direct'), certificate: certificateView.nullable() })
    .nullable(),
  updatedAt: isoTime.nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const paymentApi = {
  'payment.settings': endpoint({
    method: 'POST',
    path: '/payment/settings',
    summary:
      "A tenant's payment settings (its own, or one the caller manages): every plain field, and of each secret only whether it is set, its last four characters and when; the parsed certificates' subject and expiry.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: paymentView,
    access,
  }),
  'payment.save': endpoint({
    method: 'PUT',
    path: '/payment/settings',
    summary:
      'Save the sections given (a section left out is kept; a secret left out is kept). Required per §5, counting secrets already set: field errors. A p12 that does not open with the merchant id (1408), an Alipay key that is not an RSA key, or a public key that is the app’s own rather than Alipay’s (1409); 1407 when the upstream has no SECRETS_KEY. Secrets are sealed with AES-256-GCM.',
    body: paymentInput,
    content: paymentView,
    access,
  }),
} as const;
