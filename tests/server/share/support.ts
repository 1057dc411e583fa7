/**
 * What the share tests build on: sales and refunds written straight into
 * the day rollups (the close reads nothing else; the rollups' own rules —
 * a refund on the day it settled — are the order domain's tests), hosts
 * and rules made through the API, and the close run as its job runs it.
 * Each test takes a month of its own before any demo rule or host (2025
 * and January 2026): the tests of a file share one app. A point's own rule
 * stays in force in the months after it, so a test setting one comes later
 * in time than every test using that point under its host's rule.
 */
import { sql } from 'drizzle-orm';
import { salesRollups } from '../../../server/order/index.js';
import { closeMonth } from '../../../server/share/index.js';
import type { ShareTermsInput } from '../../../shared/share/index.js';
import type { SuiteApp } from '../helpers.js';

export const HONGQIAO = ['VM2026000101', 'VM2026000102'] as const;
export const PEOPLES_SQUARE = ['VM2026000104', 'VM2026000105'] as const;
export const XINGHAI = ['VM2026000201', 'VM2026000202'] as const;

export const percent = (rate: number): ShareTermsInput => ({ kind: 'percent', tiers: [{ upTo: null, rate }] });

let hosts = 0;

export function shareWorld(t: SuiteApp<'tenant1'>) {
  const tenantA = () => t.ids.tenant('A');
  return {
    /** A device's day: what it sold and what was refunded that day, in fen. */
    async day(serial: string, day: string, sales: number, refunds = 0, tenant: 'A' | 'A1' = 'A') {
      await t.db
        .insert(salesRollups)
        .values({
          tenantId: t.ids.tenant(tenant),
          grain: 'day',
          bucket: `${day} 00:00:00`,
          deviceId: t.ids.device(serial),
          productId: 0,
          orders: 1,
          quantity: 0,
          sales,
          refunds,
        })
        .onConflictDoUpdate({
          target: [
            salesRollups.tenantId,
            salesRollups.grain,
            salesRollups.bucket,
            salesRollups.deviceId,
            salesRollups.productId,
          ],
          set: {
            sales: sql`${salesRollups.sales} + excluded.sales`,
            refunds: sql`${salesRollups.refunds} + excluded.refunds`,
          },
        });
    },
    /** A new host of tenant A holding these points from a day. */
    async host(pointKeys: ('hongqiao' | 'peoplesSquare' | 'hangzhouEast')[], fromDay: string) {
      const host = await t.ok(
        'share.hostCreate',
        { body: { name: `测试场地方${++hosts}${Date.now() % 100000}` } },
        t.token.tenant1,
      );
      if (pointKeys.length)
        await t.ok(
          'share.assign',
          { body: { pointIds: pointKeys.map((k) => t.ids.point(k)), hostId: host.id, fromDay } },
          t.token.tenant1,
        );
      return host;
    },
    rule(
      target: { pointId?: number; hostId?: number; subTenantId?: number },
      fromMonth: string,
      terms: ShareTermsInput,
    ) {
      return t.ok('share.ruleSet', { body: { ...target, fromMonth, terms } }, t.token.tenant1);
    },
    close: (month: string) => closeMonth(t.db, tenantA(), month),
    /** Tenant A's statements of a month, by party name. */
    async statements(month: string) {
      const page = await t.ok(
        'share.statementPage',
        { query: { pageNum: 1, pageSize: 100 }, body: { month } },
        t.token.tenant1,
      );
      return page.list;
    },
    async statementOf(month: string, partyName: string) {
      const found = (await this.statements(month)).find((s) => s.partyName === partyName);
      if (!found) throw new Error(`no statement of ${partyName} in ${month}`);
      return t.ok('share.statementInfo', { params: { id: found.id } }, t.token.tenant1);
    },
  };
}
