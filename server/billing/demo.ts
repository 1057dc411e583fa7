/**
 * Demo bills: renewals tenant A (account tenant1) and its second-level tenant
 * paid in the past year, at the default fee, so the bill list and the devices'
 * renewal history are not empty. The expiry before and after each is history
 * only: the devices' service dates stay as the device demo sets them. The
 * oldest bill's invoice was applied for, issued and mailed, so tenant A's
 * invoice and receipt info is remembered for its next application.
 */
import { businessDay } from '../../shared/business-time.js';
import { eq } from 'drizzle-orm';
import { DEFAULT_ANNUAL_FEE, EXAMPLE_INVOICE, EXAMPLE_RECEIPT, renewalAmount } from '../../shared/billing/index.js';
import type { DemoData } from '../manifest.js';
import { invoiceProfiles, invoices, renewalDevices, renewals } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keys of the tenant, account and device domains' demo rows, as strings (they are checked when the demo loads). */
const DEMO_RENEWALS: readonly {
  tenant: string;
  account: string;
  daysAgo: number;
  months: 6 | 12 | 24 | 36;
  platform: 'wechat' | 'alipay';
  serials: readonly string[];
  /** Days after payment the invoice was issued and mailed, with its courier's tracking number. */
  invoiced?: { issuedAfter: number; mailedAfter: number; trackingNumber: string };
}[] = [
  {
    tenant: 'A',
    account: 'tenant1',
    daysAgo: 340,
    months: 12,
    platform: 'wechat',
    serials: ['VM2026000101', 'VM2026000102', 'VM2026000103'],
    invoiced: { issuedAfter: 3, mailedAfter: 4, trackingNumber: 'SF1409283746512' },
  },
  { tenant: 'A', account: 'tenant1', daysAgo: 200, months: 6, platform: 'alipay', serials: ['VM2026000106'] },
  { tenant: 'A', account: 'tenant1', daysAgo: 35, months: 12, platform: 'wechat', serials: ['VM2026000107'] },
];

const day = (at: Date) => businessDay(at).replaceAll('-', '');

export const billingDemo: DemoData = {
  after: ['tenant', 'account', 'device'],
  async load({ tx, ids, now }) {
    for (const r of DEMO_RENEWALS) {
      const at = new Date(now - r.daysAgo * DAY_MS);
      const paidAt = new Date(at.getTime() + 40_000);
      const [row] = await tx
        .insert(renewals)
        .values({
          number: `demo-${r.daysAgo}`,
          tenantId: ids.get('tenant', r.tenant),
          createdBy: ids.get('account', r.account),
          months: r.months,
          annualFee: DEFAULT_ANNUAL_FEE,
          deviceCount: r.serials.length,
          amount: renewalAmount(DEFAULT_ANNUAL_FEE, r.months, r.serials.length),
          platform: r.platform,
          state: 'paid',
          expiresAt: new Date(at.getTime() + 15 * 60_000),
          paidAt,
          createdAt: at,
        })
        .returning({ id: renewals.id });
      const { id } = row!;
      await tx
        .update(renewals)
        .set({ number: `RN${day(at)}${String(id).padStart(8, '0')}` })
        .where(eq(renewals.id, id));
      await tx.insert(renewalDevices).values(
        r.serials.map((serial) => ({
          renewalId: id,
          deviceId: ids.get('device', serial),
          expiryBefore: new Date(paidAt.getTime() + 5 * DAY_MS),
          expiryAfter: new Date(paidAt.getTime() + 5 * DAY_MS + r.months * 30.4 * DAY_MS),
        })),
      );
      if (r.invoiced) {
        const { issuedAfter, mailedAfter, trackingNumber } = r.invoiced;
        await tx.insert(invoices).values({
          renewalId: id,
          tenantId: ids.get('tenant', r.tenant),
          createdBy: ids.get('account', r.account),
          state: 'mailed',
          invoice: EXAMPLE_INVOICE,
          receipt: EXAMPLE_RECEIPT,
          trackingNumber,
          createdAt: new Date(paidAt.getTime() + DAY_MS),
          issuedAt: new Date(paidAt.getTime() + issuedAfter * DAY_MS),
          mailedAt: new Date(paidAt.getTime() + mailedAfter * DAY_MS),
        });
        await tx
          .insert(invoiceProfiles)
          .values({ tenantId: ids.get('tenant', r.tenant), invoice: EXAMPLE_INVOICE, receipt: EXAMPLE_RECEIPT });
      }
    }
  },
};
