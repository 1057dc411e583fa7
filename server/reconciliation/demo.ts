/**
 * Demo bills: tenant A's last three days of both platforms, fetched from the
 * sandbox as the morning job would, with the differences a real day has — on
 * yesterday's WeChat bill a sale of a machine that sold while offline (only
 * at the platform), an order the platform never took (only here) and an
 * amount that differs; on the day before's Alipay bill an amount that
 * differs, already explained by tenant1 — and the other days balanced.
 */
import { addDays, businessDay } from '../../shared/business-time.js';
import type { Db } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { fetchDay } from './days.js';
import type { SourceRow } from './formats.js';
import { reconDays, reconDifferences, reconNotes } from './schema.js';
import { eq } from 'drizzle-orm';

/** Yesterday's WeChat bill: the first sale dropped, the second a yuan more, and an offline machine's sale added. */
const offlineDay = (day: string) => (rows: SourceRow[]) => {
  const sales = rows.filter((r) => r.subject === 'payment');
  const [dropped, raised] = sales;
  const offline: SourceRow = {
    subject: 'payment',
    at: `${day} 07:42:10`,
    orderNumber: `${day.replaceAll('-', '')}0742OFF001`,
    platformNumber: '4200002026120107420000000001',
    amount: 450,
    fee: 3,
  };
  return [
    ...rows.filter((r) => r !== dropped).map((r) => (r === raised ? { ...r, amount: r.amount + 100 } : r)),
    offline,
  ];
};

/** The Alipay bill of the day before: one sale's amount differs by the fen a coupon's rounding took. */
const roundedDay = (rows: SourceRow[]) => {
  const sale = rows.find((r) => r.subject === 'payment');
  return rows.map((r) => (r === sale ? { ...r, amount: r.amount - 1 } : r));
};

export const reconciliationDemo: DemoData = {
  after: ['tenant', 'account', 'order', 'complaint', 'delivery', 'wallet'],
  async load({ tx, ids, now, storage }) {
    const tenantId = ids.get('tenant', 'A');
    const today = businessDay(now);
    for (const back of [1, 2, 3]) {
      const day = addDays(today, -back);
      for (const platform of ['wechat', 'alipay'] as const) {
        const [row] = await tx
          .insert(reconDays)
          .values({ tenantId, platform, day, state: 'waiting', source: 'sandbox' })
          .returning({ id: reconDays.id });
        const alter =
          back === 1 && platform === 'wechat'
            ? offlineDay(day)
            : back === 2 && platform === 'alipay'
              ? roundedDay
              : undefined;
        await fetchDay(tx as unknown as Db, storage, row!.id, alter);
        if (back === 2 && platform === 'alipay') {
          const [difference] = await tx
            .select({ id: reconDifferences.id })
            .from(reconDifferences)
            .where(eq(reconDifferences.dayId, row!.id));
          if (difference)
            await tx.insert(reconNotes).values({
              differenceId: difference.id,
              note: '优惠券抹零差一分，平台按实付结算，已核实',
              userId: ids.get('account', 'tenant1'),
              byName: '华东智售科技有限公司',
            });
        }
      }
    }
  },
};
