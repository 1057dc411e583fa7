/** Invoice applications (spec §2 bill, §3 Invoice / Receipt info, §4 four steps, §9 mailed within 10 working days): checked info, once per paid bill, remembered, marked by the admin, kept as a record. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CODE } from '../../../shared/domains.js';
import { EXAMPLE_INVOICE, EXAMPLE_RECEIPT, isCreditCode } from '../../../shared/billing/index.js';
import { settleDueRenewals } from '../../../server/billing/index.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2', 'admin']);
beforeAll(() => {
  process.env.BILLING_SETTLE_MS = '0';
});
afterAll(() => {
  delete process.env.BILLING_SETTLE_MS;
});

// The company moved since the info the demo remembers (EXAMPLE_INVOICE): what is remembered after applying is new.
const INVOICE = { ...EXAMPLE_INVOICE, address: '上海市闵行区申长路 990 号' };
const RECEIPT = { ...EXAMPLE_RECEIPT, receiver: '周敏', address: '上海市闵行区申长路 990 号 3 楼财务部' };

/** A new paid bill of tenant1's. */
async function paidBill() {
  const res = await t.call(
    'billing.renew',
    { body: { deviceIds: [t.ids.device('VM2026000108')], months: 6, platform: 'alipay', agreed: true } },
    t.token.tenant1,
  );
  await settleDueRenewals(t.db);
  return res.body.content.id as number;
}

describe('billing.applyInvoice', () => {
  it('checks the tax code as a unified social credit code, and the phones', () => {
    expect(isCreditCode('91310112MA1GBH7Q2N')).toBe(true);
    // Two registered companies' codes, as published.
    expect(isCreditCode('91440300708461136T')).toBe(true);
    expect(isCreditCode('91330100799655058B')).toBe(true);
    expect(isCreditCode('91310112MA1GBH7Q2M')).toBe(false);
    expect(isCreditCode('91310112MA1GBH7Q2')).toBe(false);
  });

  it('refuses a wrong tax code, bank account and phones field by field', async () => {
    const id = await paidBill();
    const res = await t.call(
      'billing.applyInvoice',
      {
        body: {
          renewalId: id,
          invoice: { ...INVOICE, taxCode: '91310112MA1GBH7Q2M', bankAccount: '12ab', phone: '12345' },
          receipt: { ...RECEIPT, phone: '021-62345678' },
        },
      },
      t.token.tenant1,
    );
    expect(res.body.content.fields).toEqual({
      'invoice.taxCode': 'billing.validation.taxCode',
      'invoice.bankAccount': 'billing.validation.bankAccount',
      'invoice.phone': 'billing.validation.companyPhone',
      'receipt.phone': 'validation.phone',
    });
  });

  it('invoices a paid bill once, remembers the info, and shows the state on the bill', async () => {
    const id = await paidBill();
    const applied = await t.ok(
      'billing.applyInvoice',
      { body: { renewalId: id, invoice: { ...INVOICE, taxCode: '91310112ma1gbh7q2n' }, receipt: RECEIPT } },
      t.token.tenant1,
    );
    expect(applied).toMatchObject({
      renewalId: id,
      state: 'applied',
      trackingNumber: null,
      invoice: INVOICE,
      receipt: RECEIPT,
    });
    const again = await t.call(
      'billing.applyInvoice',
      { body: { renewalId: id, invoice: INVOICE, receipt: RECEIPT } },
      t.token.tenant1,
    );
    expect(again.body.code).toBe(CODE.billInvoiced);
    expect(await t.ok('billing.invoiceProfile', {}, t.token.tenant1)).toEqual({ invoice: INVOICE, receipt: RECEIPT });
    expect(await t.ok('billing.invoiceProfile', {}, t.token.tenant2)).toEqual({ invoice: null, receipt: null });
    const [bill] = (
      await t.ok(
        'billing.bills',
        { query: { pageNum: 1, pageSize: 1 }, body: { number: applied.number } },
        t.token.tenant1,
      )
    ).list;
    expect(bill!.invoice).toEqual({ id: applied.id, state: 'applied', trackingNumber: null });
  });

  it("refuses a bill not paid (986), and another tenant's bill as missing (983)", async () => {
    process.env.BILLING_SANDBOX = 'fail';
    const res = await t.call(
      'billing.renew',
      { body: { deviceIds: [t.ids.device('VM2026000108')], months: 6, platform: 'alipay', agreed: true } },
      t.token.tenant1,
    );
    await settleDueRenewals(t.db);
    delete process.env.BILLING_SANDBOX;
    expect(
      (
        await t.call(
          'billing.applyInvoice',
          { body: { renewalId: res.body.content.id, invoice: INVOICE, receipt: RECEIPT } },
          t.token.tenant1,
        )
      ).body.code,
    ).toBe(CODE.billNotPaid);
    expect(
      await t.code(
        'billing.applyInvoice',
        { body: { renewalId: await paidBill(), invoice: INVOICE, receipt: RECEIPT } },
        t.token.tenant2,
      ),
    ).toBe(CODE.renewalNotFound);
  });
});

describe('billing.invoiceProfile', () => {
  it("is the tenant's own: a tenant that never applied gets none, the admin is refused", async () => {
    expect(await t.ok('billing.invoiceProfile', {}, t.token.tenant11)).toEqual({ invoice: null, receipt: null });
    expect(await t.code('billing.invoiceProfile', {}, t.token.admin)).toBe(CODE.forbidden);
  });
});

describe('billing.markInvoice', () => {
  it('lets the admin mark issued, then mailed with the tracking number the tenant sees; no step twice or skipped', async () => {
    const applied = await t.ok(
      'billing.applyInvoice',
      { body: { renewalId: await paidBill(), invoice: INVOICE, receipt: RECEIPT } },
      t.token.tenant1,
    );
    const mail = { state: 'mailed' as const, trackingNumber: 'SF1234567890' };
    expect(await t.code('billing.markInvoice', { params: { id: applied.id }, body: mail }, t.token.admin)).toBe(
      CODE.invoiceState,
    );
    expect(
      (await t.call('billing.markInvoice', { params: { id: applied.id }, body: { state: 'issued' } }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.forbidden);
    expect(
      (await t.ok('billing.markInvoice', { params: { id: applied.id }, body: { state: 'issued' } }, t.token.admin))
        .state,
    ).toBe('issued');
    expect(
      (await t.call('billing.markInvoice', { params: { id: applied.id }, body: { state: 'issued' } }, t.token.admin))
        .body.code,
    ).toBe(CODE.invoiceState);
    expect(
      (
        await t.call(
          'billing.markInvoice',
          { params: { id: applied.id }, body: { state: 'mailed', trackingNumber: 'SF-1' } },
          t.token.admin,
        )
      ).body.content.fields,
    ).toEqual({ trackingNumber: 'billing.validation.tracking' });
    const mailed = await t.ok('billing.markInvoice', { params: { id: applied.id }, body: mail }, t.token.admin);
    expect(mailed).toMatchObject({ state: 'mailed', trackingNumber: 'SF1234567890' });
    expect(mailed.mailedAt).not.toBeNull();
    const [bill] = (
      await t.ok(
        'billing.bills',
        { query: { pageNum: 1, pageSize: 1 }, body: { number: applied.number } },
        t.token.tenant1,
      )
    ).list;
    expect(bill!.invoice).toEqual({ id: applied.id, state: 'mailed', trackingNumber: 'SF1234567890' });
    // The admin finds the bills by where their invoice stands.
    const mailedBills = await t.ok(
      'billing.bills',
      { query: { pageNum: 1, pageSize: 100 }, body: { invoice: 'mailed' } },
      t.token.admin,
    );
    expect(mailedBills.list.map((b) => b.number)).toContain(applied.number);
    expect(mailedBills.list.every((b) => b.invoice?.state === 'mailed')).toBe(true);
    const none = await t.ok(
      'billing.bills',
      { query: { pageNum: 1, pageSize: 100 }, body: { invoice: 'none' } },
      t.token.admin,
    );
    expect(none.list.every((b) => b.invoice === null)).toBe(true);
    expect(none.total).toBeGreaterThan(0);
  });
});

describe('billing.invoices', () => {
  it("lists a tenant's applications, the admin's every one, a second-level tenant none of its parent's", async () => {
    const mine = await t.ok('billing.invoices', { query: { pageNum: 1, pageSize: 50 }, body: {} }, t.token.tenant1);
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(
      (await t.ok('billing.invoices', { query: { pageNum: 1, pageSize: 50 }, body: {} }, t.token.admin)).total,
    ).toBeGreaterThanOrEqual(mine.total);
    expect(
      (await t.ok('billing.invoices', { query: { pageNum: 1, pageSize: 50 }, body: {} }, t.token.tenant11)).total,
    ).toBe(0);
    expect(
      (
        await t.ok(
          'billing.invoices',
          { query: { pageNum: 1, pageSize: 50 }, body: { state: 'mailed' } },
          t.token.tenant1,
        )
      ).list.every((i) => i.state === 'mailed'),
    ).toBe(true);
  });
});

describe('billing.invoiceRecord', () => {
  it("gives the application as an xlsx a spreadsheet opens, in the caller's language", async () => {
    const [first] = (await t.ok('billing.invoices', { query: { pageNum: 1, pageSize: 1 }, body: {} }, t.token.tenant1))
      .list;
    const record = await t.ok(
      'billing.invoiceRecord',
      { params: { id: first!.id }, query: { lang: 'en' } },
      t.token.tenant1,
    );
    expect(record.name).toBe(`invoice-record-${first!.number}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(record.data, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Item', 'Value']);
    expect(rows).toContainEqual(['Tax code', INVOICE.taxCode]);
    expect(rows).toContainEqual(['Payment number', first!.number]);
    expect(
      (await t.call('billing.invoiceRecord', { params: { id: first!.id }, query: { lang: 'en' } }, t.token.tenant2))
        .body.code,
    ).toBe(CODE.invoiceNotFound);
  });
});
