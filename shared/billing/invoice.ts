/**
 * Invoice applications (spec §2 bill: "invoice application in four steps";
 * §3 Invoice info, Receipt info; §4 invoice info → receipt info → confirm →
 * done; §9 "mailed within 10 working days"). A paid bill is invoiced once;
 * the last invoice and receipt info a tenant gave are offered again. The
 * system admin marks an application issued, then mailed with the courier's
 * tracking number, which the tenant sees on its bill.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, phone, ref, refParams, str, text } from '../api/define.js';

export const INVOICE_STATES = ['applied', 'issued', 'mailed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_LIMITS = {
  company: 60,
  taxCode: 18,
  bankAccount: 30,
  bankName: 40,
  address: 100,
  receiver: 20,
  tracking: 30,
} as const;
/** Spec §9: invoices are mailed within this many working days. */
export const INVOICE_MAIL_DAYS = 10;

/**
 * A unified social credit code (GB 32100-2015): 18 characters of the code's
 * alphabet (no I, O, S, V, Z), the last a check character over the first 17.
 * Hand-written: the check is eleven lines of the standard, and no kept
 * library on npm does this one thing.
 */
const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = CREDIT_WEIGHTS.reduce((s, w, i) => s + CREDIT_ALPHABET.indexOf(code[i]!) * w, 0);
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31] === code[17];
}

/** A company's phone: a mobile or a landline with its area code (021-62345678). */
const companyPhone = z
  .string()
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, { message: 'billing.validation.companyPhone' });

export const invoiceInfo = z.object({
  company: text(INVOICE_LIMITS.company),
  phone: companyPhone,
  taxCode: z.string().trim().toUpperCase().refine(isCreditCode, { message: 'billing.validation.taxCode' }),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, { message: 'billing.validation.bankAccount' }),
  bankName: text(INVOICE_LIMITS.bankName),
  address: text(INVOICE_LIMITS.address),
});
export type InvoiceInfo = z.infer<typeof invoiceInfo>;

export const receiptInfo = z.object({
  receiver: text(INVOICE_LIMITS.receiver),
  phone,
  address: text(INVOICE_LIMITS.address),
});
export type ReceiptInfo = z.infer<typeof receiptInfo>;

/** Tenant A's invoice and receipt info, as its demo remembers them: the API's example, and what benches apply with. */
export const EXAMPLE_INVOICE: InvoiceInfo = {
  company: '华东智售科技有限公司',
  phone: '021-62345678',
  taxCode: '91310112MA1GBH7Q2N',
  bankAccount: '6222021001012345678',
  bankName: '中国工商银行上海虹桥支行',
  address: '上海市闵行区申长路 988 号',
};
export const EXAMPLE_RECEIPT: ReceiptInfo = {
  receiver: '陈晓',
  phone: '13916201234',
  address: '上海市闵行区申长路 988 号 5 楼财务部',
};

export const invoiceInput = z
  .object({
    renewalId: ref('renewal'),
    invoice: invoiceInfo,
    receipt: receiptInfo,
  })
  .meta({
    examples: [
      {
        renewalId: 1,
        invoice: EXAMPLE_INVOICE,
        receipt: EXAMPLE_RECEIPT,
      },
    ],
  });

export const invoiceItem = z.object({
  id: z.number().int(),
  renewalId: z.number().int(),
  number: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  amount: z.number().int(),
  state: z.enum(INVOICE_STATES),
  invoice: invoiceInfo,
  receipt: receiptInfo,
  trackingNumber: z.string().nullable(),
  createdAt: isoTime,
  issuedAt: isoTime.nullable(),
  mailedAt: isoTime.nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const invoiceProfile = z.object({ invoice: invoiceInfo.nullable(), receipt: receiptInfo.nullable() });

export const invoiceMark = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('issued') }),
    z.object({
      state: z.literal('mailed'),
      trackingNumber: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{6,30}$/, { message: 'billing.validation.tracking' }),
    }),
  ],
  { error: 'validation.invalid' },
);

const invoiceFilter = z.object({
  state: z.enum(INVOICE_STATES).optional(),
  number: str().trim().max(32).optional(),
  tenantId: ref('tenant').optional(),
});

const payer = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const invoiceApi = {
  'billing.invoiceProfile': endpoint({
    method: 'GET',
    path: '/billing/invoice/profile',
    summary:
      "The invoice and receipt info the caller's tenant gave last (null before its first application), offered again.",
    content: invoiceProfile,
    access: { auth: 'user', roles: ['tenant'] },
  }),
  'billing.applyInvoice': endpoint({
    method: 'POST',
    path: '/billing/invoice',
    summary:
      'Apply for the invoice of a paid bill: invoice info (the tax code a unified social credit code) and receipt info, remembered for next time. A bill not paid is refused (986), a bill invoiced already too (987).',
    body: invoiceInput,
    content: invoiceItem,
    makes: 'invoice',
    access: { auth: 'user', roles: ['tenant'] },
    contended: 'a bill is invoiced once',
  }),
  'billing.invoices': endpoint({
    method: 'POST',
    path: '/billing/invoices',
    summary:
      "Invoice applications, newest first, by state, bill number and tenant: a tenant its own and its second-level tenants', the system admin every one.",
    query: pageQuery,
    body: invoiceFilter,
    content: page(invoiceItem),
    access: payer,
  }),
  'billing.markInvoice': endpoint({
    method: 'PUT',
    path: '/billing/invoice/:id',
    summary:
      "The system admin marks an application issued, then mailed with the courier's tracking number; any other order is refused (988).",
    params: refParams('invoice'),
    body: invoiceMark,
    content: invoiceItem,
    access: { auth: 'user', roles: ['admin'] },
    contended: 'an application moves applied → issued → mailed, each once',
  }),
  'billing.invoiceRecord': endpoint({
    method: 'GET',
    path: '/billing/invoice/:id/record',
    summary:
      "The application as a file to keep (xlsx, in the caller's language): the bill, the invoice and receipt info, the state and tracking number.",
    params: refParams('invoice'),
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    content: z.object({ name: z.string(), data: z.string() }),
    access: payer,
  }),
} as const;
